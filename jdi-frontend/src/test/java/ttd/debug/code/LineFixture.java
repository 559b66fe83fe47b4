package ttd.debug.code;

/** Lines for ClassFilesTest (the test names them by number): code, a blank line, an anonymous class's body. */
final class LineFixture {

  static Runnable make() {
    int unused = 1;

    return new Runnable() {
      @Override
      public void run() {
        System.out.println("anonymous");
      }
    };
  }
}
