package ttd.samples.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A build tool's start-up check: it runs {@code git --version}, parses the version and turns on
 * the features the installed git supports ({@code git maintenance} needs 2.29, {@code --sparse}
 * clones 2.25, {@code git switch} 2.23).
 *
 * <p>Bug: the parser expects exactly {@code git version MAJOR.MINOR.PATCH}. Vendor builds append
 * more ({@code git version 2.39.5 (Apple Git-154)}, {@code 2.45.1.windows.1}), and the patch
 * number then fails to parse ({@link NumberFormatException}): the tool works on Linux and
 * crashes on a developer's Mac. Parse the leading digits of each component instead.
 */
public final class GitFeatureCheck {

  private GitFeatureCheck() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    Process git;
    try {
      git = new ProcessBuilder("git", "--version").redirectErrorStream(true).start();
    } catch (IOException e) {
      System.out.println("git is not installed: features that need it are off");
      System.out.println("EXIT-SUCCESS");
      return;
    }
    git.getOutputStream().close();
    String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    int status = git.waitFor();
    System.out.println("git said \"" + output + "\" and exited with " + status);
    if (status != 0 || !output.startsWith("git version ")) {
      System.out.println("unrecognised git: features that need it are off");
      System.out.println("EXIT-SUCCESS");
      return;
    }
    String[] parts = output.substring("git version ".length()).split("\\.");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    int patch = Integer.parseInt(parts[2]);
    int version = major * 10_000 + minor * 100 + patch;
    System.out.println("git " + major + "." + minor + "." + patch);
    System.out.println("  git switch:      " + (version >= 2_23_00 ? "on" : "off"));
    System.out.println("  sparse clones:   " + (version >= 2_25_00 ? "on" : "off"));
    System.out.println("  git maintenance: " + (version >= 2_29_00 ? "on" : "off"));
    System.out.println("EXIT-SUCCESS");
  }
}
