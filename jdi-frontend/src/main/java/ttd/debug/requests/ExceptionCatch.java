package ttd.debug.requests;

/** {@code catch [uncaught|caught|all] Exception}: stop where such an exception is thrown. */
public record ExceptionCatch(String className, boolean caught, boolean uncaught) implements Spec {

  @Override
  public String describe() {
    String mode = caught && uncaught ? "all" : caught ? "caught" : "uncaught";
    return "catch " + mode + " " + className;
  }
}
