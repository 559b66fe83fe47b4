package ttd.compat.reactor;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** A Reactor pipeline across the parallel and bounded-elastic schedulers, with timers, zips and groups. */
public class FluxPipeline {
  public static void main(String[] args) {
    Random random = new Random();
    Scheduler io = Schedulers.newBoundedElastic(4, 100, "io");
    List<String> results = Flux.range(1, 40)
        .map(i -> i * 10 + random.nextInt(10))
        .parallel(3).runOn(Schedulers.parallel())
        .map(v -> v + ":" + Thread.currentThread().getName().replaceAll("-\\d+$", ""))
        .sequential()
        .collectSortedList()
        .block();
    System.out.println("parallel " + results);
    Map<Boolean, List<Integer>> groups = Flux.interval(Duration.ofMillis(5)).take(20)
        .map(l -> (int) (l * 7 % 13))
        .publishOn(io)
        .collectMultimap(v -> v % 2 == 0)
        .map(m -> Map.<Boolean, List<Integer>>of(true, List.copyOf(m.get(true)), false, List.copyOf(m.get(false))))
        .block();
    System.out.println("groups even " + groups.get(true) + " odd " + groups.get(false));
    String zipped = Flux.zip(
            Flux.range(0, 5).delayElements(Duration.ofMillis(3)),
            Mono.fromCallable(() -> System.nanoTime() % 1000).repeat(4).subscribeOn(io))
        .map(t -> t.getT1() + "/" + (t.getT2() >= 0))
        .collectList().map(Object::toString).block();
    System.out.println("zipped " + zipped);
    Long slow = Mono.delay(Duration.ofMillis(50)).timeout(Duration.ofMillis(500))
        .onErrorReturn(-1L).block();
    System.out.println("timeout " + slow + " at " + System.currentTimeMillis() % 100_000);
    io.dispose();
  }
}
