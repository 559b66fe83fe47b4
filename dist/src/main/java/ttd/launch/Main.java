package ttd.launch;

/**
 * The {@code java -jar ttd.jar} entry point: runs the command-line tool in its own loader.
 *
 * <p>The tool's real code ({@code ttd.cli}) and its libraries are nested in ttd.jar; this
 * class only unpacks them and forwards the arguments and the exit status.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) throws Exception {
    NestedLibraries libs;
    try {
      libs = NestedLibraries.forTool(Main.class);
    } catch (Exception e) {
      System.err.println("ttd: cannot unpack ttd.jar's libraries: " + e.getMessage());
      System.exit(2);
      return;
    }
    ClassLoader loader = libs.isolatedLoader("ttd-tool");
    System.setProperty(
        "ttd.jar",
        java.nio.file.Paths.get(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString());
    System.setProperty("ttd.cache", libs.cacheRoot().toString());
    Thread.currentThread().setContextClassLoader(loader);
    Class<?> cli = Class.forName("ttd.cli.TtdCommand", true, loader);
    Object status = cli.getMethod("run", String[].class).invoke(null, (Object) args);
    System.exit((Integer) status);
  }
}
