import java.util.concurrent.*;
public class HookHang {
  public static void main(String[] a) throws Exception {
    ExecutorService ex = Executors.newFixedThreadPool(2, r -> { Thread t = new Thread(r); t.setDaemon(true); return t; });
    ex.submit(() -> System.out.println("task ran")).get();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      ex.shutdown();
      try { System.out.println("pool stopped: " + ex.awaitTermination(10, TimeUnit.SECONDS)); } catch (InterruptedException e) { }
    }));
    System.out.println("main done");
  }
}
