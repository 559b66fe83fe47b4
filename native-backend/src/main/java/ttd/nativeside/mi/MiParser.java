package ttd.nativeside.mi;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one line of gdb's machine-interface output (the grammar of the GDB manual's "GDB/MI
 * Output Syntax"). C strings are decoded as gdb writes them: the usual backslash escapes and
 * octal bytes, then UTF-8.
 */
public final class MiParser {

  private final String line;
  private int at;

  private MiParser(String line) {
    this.line = line;
  }

  /** The record on {@code line}; {@link IllegalArgumentException} if it is not machine output. */
  public static MiRecord parse(String line) {
    return new MiParser(line).record();
  }

  private MiRecord record() {
    if (line.startsWith("(gdb)")) {
      return new MiRecord('(', -1, "", MiValue.tuple(Map.of()), "");
    }
    long token = -1;
    int digits = at;
    while (at < line.length() && Character.isDigit(line.charAt(at))) {
      at++;
    }
    if (at > digits) {
      token = Long.parseLong(line.substring(digits, at));
    }
    char kind = next();
    switch (kind) {
      case '~': case '@': case '&':
        return new MiRecord(kind, token, "", MiValue.tuple(Map.of()), cString());
      case '^': case '*': case '+': case '=':
        String klass = word();
        Map<String, MiValue> results = new LinkedHashMap<>();
        while (at < line.length() && peek() == ',') {
          at++;
          result(results);
        }
        return new MiRecord(kind, token, klass, MiValue.tuple(results), "");
      default:
        throw bad("a record starts with ^ * + = ~ @ & or (gdb)");
    }
  }

  private void result(Map<String, MiValue> into) {
    String name = word();
    expect('=');
    into.putIfAbsent(name, value());
  }

  private MiValue value() {
    char c = peek();
    if (c == '"') {
      return MiValue.string(cString());
    }
    if (c == '{') {
      at++;
      Map<String, MiValue> fields = new LinkedHashMap<>();
      if (peek() != '}') {
        do {
          result(fields);
        } while (skip(','));
      }
      expect('}');
      return MiValue.tuple(fields);
    }
    if (c == '[') {
      at++;
      List<MiValue> items = new ArrayList<>();
      if (peek() != ']') {
        do {
          if (peek() != '"' && peek() != '{' && peek() != '[') {
            word();
            expect('=');
          }
          items.add(value());
        } while (skip(','));
      }
      expect(']');
      return MiValue.list(items);
    }
    throw bad("a value starts with \" { or [");
  }

  private String word() {
    int start = at;
    while (at < line.length() && "=,{}[]\"".indexOf(line.charAt(at)) < 0) {
      at++;
    }
    return line.substring(start, at);
  }

  private String cString() {
    expect('"');
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    while (true) {
      char c = next();
      if (c == '"') {
        return bytes.toString(StandardCharsets.UTF_8);
      }
      if (c != '\\') {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(b, 0, b.length);
        continue;
      }
      char e = next();
      switch (e) {
        case 'n': bytes.write('\n'); break;
        case 't': bytes.write('\t'); break;
        case 'r': bytes.write('\r'); break;
        case 'f': bytes.write('\f'); break;
        case 'b': bytes.write('\b'); break;
        case 'a': bytes.write(7); break;
        case 'v': bytes.write(11); break;
        case 'e': bytes.write(27); break;
        default:
          if (e >= '0' && e <= '7') {
            int v = e - '0';
            for (int i = 0; i < 2 && at < line.length() && line.charAt(at) >= '0' && line.charAt(at) <= '7'; i++) {
              v = v * 8 + (next() - '0');
            }
            bytes.write(v);
          } else {
            bytes.write(e);
          }
      }
    }
  }

  private boolean skip(char c) {
    if (at < line.length() && line.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (next() != c) {
      throw bad("expected '" + c + "'");
    }
  }

  private char peek() {
    if (at >= line.length()) {
      throw bad("the line ends too early");
    }
    return line.charAt(at);
  }

  private char next() {
    char c = peek();
    at++;
    return c;
  }

  private IllegalArgumentException bad(String what) {
    return new IllegalArgumentException("not gdb machine output (" + what + " at column " + at + "): " + line);
  }
}
