package ttd.nativeside.mi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines as gdb 13.1 printed them here (process record of a C program), parsed. */
class MiParserTest {

  @Test
  void aReverseWatchpointStopGivesItsReasonValuesAndFrame() {
    MiRecord r = MiParser.parse("*stopped,reason=\"watchpoint-trigger\",wpt={number=\"3\",exp=\"-location bank.reserve\"},"
        + "value={old=\"-34\",new=\"10000\"},frame={addr=\"0x00005555555551a0\",func=\"journal\",args=[{name=\"amount\",value=\"-34\"}],"
        + "file=\"ledger.c\",fullname=\"/tmp/gx/ledger.c\",line=\"21\",arch=\"i386:x86-64\"},thread-id=\"1\",stopped-threads=\"all\",core=\"1\"");
    assertEquals('*', r.kind());
    assertEquals("stopped", r.klass());
    assertEquals("watchpoint-trigger", r.results().text("reason"));
    assertEquals("-location bank.reserve", r.get("wpt").text("exp"));
    assertEquals("-34", r.get("value").text("old"));
    assertEquals("10000", r.get("value").text("new"));
    MiValue frame = r.get("frame");
    assertEquals("journal", frame.text("func"));
    assertEquals("21", frame.text("line"));
    assertEquals("amount", frame.get("args").items().get(0).text("name"));
    assertEquals("1", r.results().text("thread-id"));
  }

  @Test
  void aListOfNamedResultsKeepsItsValuesInOrder() {
    MiRecord r = MiParser.parse("12^done,stack=[frame={level=\"0\",func=\"journal\"},frame={level=\"1\",func=\"post\"},frame={level=\"2\",func=\"main\"}]");
    assertEquals(12, r.token());
    assertTrue(r.isResult());
    List<MiValue> frames = r.get("stack").items();
    assertEquals(3, frames.size());
    assertEquals("post", frames.get(1).text("func"));
  }

  @Test
  void streamTextIsUnescapedWithOctalBytesAsUtf8() {
    MiRecord r = MiParser.parse("~\"65\\t  if (after != before) {\\n\\\"q\\\" \\303\\251\"");
    assertEquals('~', r.kind());
    assertEquals("65\t  if (after != before) {\n\"q\" \u00e9", r.text());
  }

  @Test
  void anErrorCarriesGdbsMessage() {
    MiRecord r = MiParser.parse("7^error,msg=\"-break-watch: Unknown option ``l''\"");
    assertEquals("error", r.klass());
    assertEquals("-break-watch: Unknown option ``l''", r.results().text("msg"));
  }

  @Test
  void emptyTuplesAndListsAndThePromptParse() {
    MiRecord r = MiParser.parse("*stopped,frame={addr=\"0x1\",func=\"main\",args=[]},bkpt={}");
    assertTrue(r.get("frame").get("args").items().isEmpty());
    assertNull(r.get("bkpt").text("number"));
    assertTrue(MiParser.parse("(gdb) ").isPrompt());
  }

  @Test
  void aListOfPlainValuesParses() {
    MiRecord r = MiParser.parse("=breakpoint-created,bkpt={number=\"2\",thread-groups=[\"i1\",\"i2\"]}");
    assertEquals("i2", r.get("bkpt").get("thread-groups").items().get(1).text());
  }

  @Test
  void aLineThatIsNotMachineOutputIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> MiParser.parse("audit failed: the books are off by -10034"));
    assertThrows(IllegalArgumentException.class, () -> MiParser.parse("^done,value=\"unterminated"));
  }
}
