package ttd.debug.requests;

/**
 * One bytecode location ({@code bci} of the code the replay JVM runs, in method {@code method} with
 * {@code signature} of class {@code className}), reached by thread {@code thread}: what a landing
 * on a stop the console saw counts the arrivals at ({@link ttd.debug.time.StopAddress}).
 */
public record CodeLocation(String className, String method, String signature, long bci, String thread) implements Spec {

  @Override
  public String describe() {
    return "location " + className + "." + method + " bci " + bci + " in thread " + thread;
  }

  @Override
  public boolean matches(com.sun.jdi.ReferenceType type) {
    return type.name().equals(className);
  }

  @Override
  public String[] preparePatterns() {
    return new String[] {className};
  }
}
