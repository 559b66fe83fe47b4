package ttd.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code SecureRandom} replays whatever its engine does between the program's calls: thousands of
 * UUIDs (NativePRNG refreshes its buffer on a timer, so the JDK's own clock reads between two
 * UUIDs differ from run to run), on several threads, and every JDK provider and algorithm a
 * program can pick, with seeding, reseeding, seed generation, a refused request, and the key
 * generators, signatures and ciphers that draw from it; and a provider on the program's own class
 * path (Bouncy Castle), whose generators are program code.
 */
class SecureRandomReplayTest {

  private static final String UUIDS = """
      import java.util.*;
      import java.util.concurrent.*;
      public class Uuids {
        public static void main(String[] a) throws Exception {
          long h = 0;
          for (int i = 0; i < 3000; i++) h = h * 31 + UUID.randomUUID().hashCode();
          System.out.println("uuids " + h);
          ExecutorService pool = Executors.newFixedThreadPool(3);
          List<Future<Long>> parts = new ArrayList<>();
          for (int t = 0; t < 3; t++) {
            parts.add(pool.submit(() -> {
              long x = 0;
              for (int i = 0; i < 1000; i++) x = x * 31 + UUID.randomUUID().getLeastSignificantBits();
              return x;
            }));
          }
          for (Future<Long> f : parts) System.out.println("thread " + f.get());
          pool.shutdown();
        }
      }
      """;

  private static final String ALGORITHMS = """
      import java.security.*;
      import java.util.*;
      import javax.crypto.*;
      public class Algorithms {
        static String hex(byte[] b) { return HexFormat.of().formatHex(b); }
        static String h(byte[] b) { return Integer.toHexString(Arrays.hashCode(b)); }
        public static void main(String[] a) throws Exception {
          SecureRandom def = new SecureRandom();
          System.out.println("default " + def.getAlgorithm() + " " + def.nextInt() + " " + def.nextLong()
              + " " + Arrays.toString(def.ints(3).toArray()) + " " + def.nextDouble());
          for (String alg : new String[] {"NativePRNG", "NativePRNGBlocking", "NativePRNGNonBlocking", "DRBG", "SHA1PRNG"}) {
            SecureRandom r = SecureRandom.getInstance(alg);
            byte[] b = new byte[24];
            r.nextBytes(b);
            System.out.println(alg + " " + hex(b) + " seed " + hex(r.generateSeed(8)) + " " + r.nextGaussian());
            r.setSeed(42L);
            r.setSeed(new byte[] {1, 2, 3});
            try {
              r.reseed();
              System.out.println(alg + " reseeded " + r.nextInt(1000));
            } catch (UnsupportedOperationException e) {
              System.out.println(alg + " cannot reseed");
            }
          }
          SecureRandom strong = SecureRandom.getInstanceStrong();
          System.out.println("strong " + strong.getAlgorithm() + " " + strong.nextInt());
          SecureRandom sun = SecureRandom.getInstance("SHA1PRNG", "SUN");
          sun.setSeed(7);
          System.out.println("seeded SHA1PRNG " + sun.nextInt());
          SecureRandom drbg = SecureRandom.getInstance("DRBG",
              DrbgParameters.instantiation(256, DrbgParameters.Capability.PR_AND_RESEED, "ttd".getBytes()));
          byte[] d = new byte[40];
          drbg.nextBytes(d, DrbgParameters.nextBytes(256, true, "more".getBytes()));
          drbg.reseed(DrbgParameters.reseed(true, null));
          System.out.println("drbg " + hex(d) + " " + drbg.nextInt());
          try {
            drbg.nextBytes(d, DrbgParameters.nextBytes(512, false, null));
          } catch (IllegalArgumentException e) {
            System.out.println("drbg refused: " + e.getMessage());
          }
          System.out.println("getSeed " + hex(SecureRandom.getSeed(12)));
          byte[] big = new byte[600_000];
          def.nextBytes(big);
          System.out.println("large " + h(big) + " " + h(drbg.generateSeed(300_000)));
          KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
          rsa.initialize(1024);
          System.out.println("rsa " + h(rsa.generateKeyPair().getPublic().getEncoded()));
          KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
          ec.initialize(256);
          KeyPair keys = ec.generateKeyPair();
          Signature sig = Signature.getInstance("SHA256withECDSA");
          sig.initSign(keys.getPrivate());
          sig.update("hello".getBytes());
          System.out.println("ec " + h(keys.getPublic().getEncoded()) + " signature " + h(sig.sign()));
          KeyGenerator aes = KeyGenerator.getInstance("AES");
          aes.init(128);
          Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
          c.init(Cipher.ENCRYPT_MODE, aes.generateKey());
          System.out.println("aes-gcm " + hex(c.getIV()) + " " + h(c.doFinal("secret".getBytes())));
        }
      }
      """;

  /** Bouncy Castle's own generators: program code, which replays like the rest of the program. */
  private static final String BOUNCY = """
      import java.security.*;
      import java.util.*;
      public class Bouncy {
        public static void main(String[] a) throws Exception {
          Security.addProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider());
          for (String alg : new String[] {"DEFAULT", "NONCEANDIV"}) {
            SecureRandom r = SecureRandom.getInstance(alg, "BC");
            long h = 0;
            for (int i = 0; i < 2000; i++) h = h * 31 + r.nextLong();
            System.out.println(alg + " " + r.getProvider().getName() + " " + h);
          }
          KeyPairGenerator ec = KeyPairGenerator.getInstance("EC", "BC");
          ec.initialize(256);
          System.out.println("ec " + Arrays.hashCode(ec.generateKeyPair().getPublic().getEncoded()));
        }
      }
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void thousandsOfUuidsOnSeveralThreadsReplayTwice(Jvm jvm) {
    Path work = Scratch.dir("uuids-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Uuids", UUIDS);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Uuids");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertEquals(4, recorded.stdoutLines().size(), recorded.describe());
    Outcome other = TtdRun.record(jvm, work.resolve("other"), classes.toString(), "Uuids");
    assertNotEquals(recorded.stdout(), other.stdout(), "two recordings made the same UUIDs");

    for (int i = 0; i < 2; i++) {
      ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay " + i + " of Uuids");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void everyJdkAlgorithmSeedReseedAndKeyGeneratorReplays(Jvm jvm) {
    Path work = Scratch.dir("algorithms-" + jvm.label());
    Path classes = JavaSource.compile(work.resolve("classes"), "Algorithms", ALGORITHMS);
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classes.toString(), "Algorithms");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    String out = recorded.stdout();
    assertTrue(out.contains("strong NativePRNGBlocking ") && out.contains("DRBG reseeded ")
        && out.contains("NativePRNG cannot reseed") && out.contains("drbg refused: ")
        && out.contains("aes-gcm "), recorded.describe());

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Algorithms");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ttd.e2e.Jvm#all")
  void aProviderOnTheClassPathReplaysAsProgramCode(Jvm jvm) throws Exception {
    Path work = Scratch.dir("bouncy-" + jvm.label());
    String bc = LibraryJars.classPath(org.bouncycastle.jce.provider.BouncyCastleProvider.class);
    Path classes = JavaSource.compile(work.resolve("classes"), "Bouncy", BOUNCY, bc);
    String classPath = classes + File.pathSeparator + bc;
    Outcome recorded = TtdRun.record(jvm, work.resolve("recording"), classPath, "Bouncy");
    assertEquals(0, recorded.exitStatus(), recorded.describe());
    assertTrue(recorded.stdout().startsWith("DEFAULT BC "), recorded.describe());
    Outcome other = TtdRun.record(jvm, work.resolve("other"), classPath, "Bouncy");
    assertNotEquals(recorded.stdoutLines().get(0), other.stdoutLines().get(0), "two runs drew the same numbers");

    ReplayAssertions.assertSameOutput(recorded, TtdRun.replay(jvm, work.resolve("recording")), "replay of Bouncy");
  }
}
