package ttd.agent.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProcessListingsTest {

  @Test
  void aRecordedListingFillsTheArraysAsTheNativeDid() {
    long[] pids = {101, 202, 303};
    long[] ppids = {1, 101, 101};
    long[] starts = {1700000000000L, 1700000000500L, 0};
    String text = ProcessListings.text(3, pids, ppids, starts);

    long[] replayPids = new long[3];
    long[] replayPpids = new long[3];
    long[] replayStarts = new long[3];
    assertEquals(3, ProcessListings.apply(text, replayPids, replayPpids, replayStarts));
    assertArrayEquals(pids, replayPids);
    assertArrayEquals(ppids, replayPpids);
    assertArrayEquals(starts, replayStarts);
  }

  @Test
  void aCountBeyondTheArraysRoomIsReturnedWithOnlyTheFilledEntries() {
    long[] pids = {7, 8};
    long[] starts = {70, 80};
    String text = ProcessListings.text(5, pids, null, starts);
    assertEquals("5 7,-,70 8,-,80", text);

    long[] replayPids = new long[2];
    long[] replayStarts = new long[2];
    assertEquals(5, ProcessListings.apply(text, replayPids, null, replayStarts));
    assertArrayEquals(pids, replayPids);
    assertArrayEquals(starts, replayStarts);
  }

  @Test
  void anEmptyListingIsJustItsCount() {
    assertEquals("0", ProcessListings.text(0, new long[100], null, new long[100]));
    assertEquals(0, ProcessListings.apply("0", new long[100], null, new long[100]));
  }
}
