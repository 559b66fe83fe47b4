package ttd.compat.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.objenesis.strategy.StdInstantiatorStrategy;

/** Kryo serializes a cyclic object graph to a file and back, with Objenesis for classes without a no-arg constructor. */
public class GraphRoundTrip {

  /** A node of the graph: no no-arg constructor, so Kryo needs Objenesis to make one. */
  static final class Node {
    final String id;
    final long stamp;
    final double weight;
    final List<Node> edges = new ArrayList<>();
    Node parent;

    Node(String id, long stamp, double weight) {
      this.id = id;
      this.stamp = stamp;
      this.weight = weight;
    }
  }

  public static void main(String[] args) throws Exception {
    Kryo kryo = new Kryo();
    kryo.setRegistrationRequired(false);
    kryo.setReferences(true);
    kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
    Random random = new Random();
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      Node n = new Node(UUID.randomUUID().toString().substring(0, 8), System.nanoTime(), random.nextGaussian());
      if (i > 0) {
        n.parent = nodes.get(random.nextInt(i));
        n.parent.edges.add(n);
      }
      nodes.add(n);
    }
    Map<Object, Integer> byIdentity = new HashMap<>();
    Set<Object> things = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      Object o = new Object();
      byIdentity.put(o, i);
      things.add(o);
    }
    Path file = Files.createTempFile("graph", ".kryo");
    try (Output out = new Output(new FileOutputStream(file.toFile()))) {
      kryo.writeClassAndObject(out, nodes.get(0));
      kryo.writeObject(out, Instant.now());
      kryo.writeClassAndObject(out, new ArrayList<>(byIdentity.values()));
    }
    System.out.println("wrote " + Files.size(file) + " bytes");
    try (Input in = new Input(new FileInputStream(file.toFile()))) {
      Node root = (Node) kryo.readClassAndObject(in);
      Instant when = kryo.readObject(in, Instant.class);
      @SuppressWarnings("unchecked")
      List<Integer> order = (List<Integer>) kryo.readClassAndObject(in);
      int count = 0;
      double sum = 0;
      List<Node> stack = new ArrayList<>(List.of(root));
      while (!stack.isEmpty()) {
        Node n = stack.remove(stack.size() - 1);
        count++;
        sum += n.weight;
        for (Node e : n.edges) {
          if (e.parent != n) throw new AssertionError("parent link lost at " + e.id);
          stack.add(e);
        }
      }
      System.out.printf("read %d nodes, root %s, weight sum %.6f, written at %s%n", count, root.id, sum, when);
      System.out.println("identity order head " + order.subList(0, 12));
      System.out.println("last stamp mod 1e6 " + nodes.get(nodes.size() - 1).stamp % 1_000_000);
    }
    try (Input bad = new Input(new byte[] {1, 2, 3})) {
      kryo.readClassAndObject(bad);
      System.out.println("garbage read without error");
    } catch (RuntimeException e) {
      System.out.println("garbage rejected: " + e.getClass().getSimpleName());
    }
    Files.delete(file);
  }
}
