package ttd.compat.resilience4j;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/** Resilience4j: a flaky service behind retry with randomized backoff, a circuit breaker and a time limiter. */
public class RetryAndBreaker {
  public static void main(String[] args) throws Exception {
    Random random = new Random();
    CircuitBreaker breaker = CircuitBreaker.of("svc", CircuitBreakerConfig.custom()
        .slidingWindowSize(20).minimumNumberOfCalls(10).failureRateThreshold(50)
        .waitDurationInOpenState(Duration.ofMillis(30)).permittedNumberOfCallsInHalfOpenState(3)
        .slowCallDurationThreshold(Duration.ofMillis(2)).build());
    Retry retry = Retry.of("svc", RetryConfig.custom().maxAttempts(4)
        .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(1, 2.0, 0.5))
        .retryExceptions(IllegalStateException.class).build());
    Map<String, Integer> transitions = new TreeMap<>();
    breaker.getEventPublisher().onStateTransition(e ->
        transitions.merge(e.getStateTransition().toString(), 1, Integer::sum));
    int[] phase = {0};
    Supplier<String> service = () -> {
      boolean bad = phase[0] % 200 < 75;
      if (bad && random.nextInt(10) < 8) throw new IllegalStateException("down");
      return "ok";
    };
    Supplier<String> guarded = Retry.decorateSupplier(retry, CircuitBreaker.decorateSupplier(breaker, service));
    Map<String, Integer> outcomes = new TreeMap<>();
    for (int i = 0; i < 600; i++) {
      phase[0] = i;
      try {
        outcomes.merge(guarded.get(), 1, Integer::sum);
      } catch (CallNotPermittedException e) {
        outcomes.merge("rejected", 1, Integer::sum);
        if (i % 25 == 0) Thread.sleep(random.nextInt(40));
      } catch (IllegalStateException e) {
        outcomes.merge("failed", 1, Integer::sum);
      }
    }
    System.out.println("outcomes " + outcomes);
    System.out.println("transitions " + transitions);
    System.out.println("retry metrics " + retry.getMetrics().getNumberOfSuccessfulCallsWithRetryAttempt()
        + "/" + retry.getMetrics().getNumberOfFailedCallsWithRetryAttempt() + ", state " + breaker.getState());
    ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    TimeLimiter limiter = TimeLimiter.of(TimeLimiterConfig.custom().timeoutDuration(Duration.ofMillis(15)).build());
    int timeouts = 0;
    for (int i = 0; i < 12; i++) {
      int sleep = random.nextInt(30);
      try {
        limiter.executeCompletionStage(scheduler, () -> CompletableFuture.supplyAsync(() -> {
          try {
            Thread.sleep(sleep);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return sleep;
        })).toCompletableFuture().join();
      } catch (java.util.concurrent.CompletionException e) {
        if (e.getCause() instanceof TimeoutException) timeouts++;
      }
    }
    System.out.println("time limiter timeouts " + timeouts + " at " + System.currentTimeMillis() % 100_000);
    scheduler.shutdown();
  }
}
