package ttd.compat.mockito;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.mockito.ArgumentCaptor;

/**
 * JUnit 5 tests with Mockito 5's inline mock maker (interfaces, a final method, a spy, an argument
 * captor, a failing assertion), run through the Launcher as an IDE or Surefire runs them, with
 * {@code -javaagent:mockito-core.jar} as Mockito asks for (compat/java-agents.txt). The inline mock
 * maker writes a jar to the temporary directory and appends it to the boot class path.
 */
public class InlineMocks {

  /** A clock the service reads. */
  public interface Clock {
    long now();
  }

  /** Where the service keeps its times. */
  public interface Store {
    void put(String key, long value);

    Optional<Long> get(String key);
  }

  /** The code under test. */
  public static final class Service {
    private final Clock clock;
    private final Store store;

    public Service(Clock clock, Store store) {
      this.clock = clock;
      this.store = store;
    }

    long touch(String key) {
      store.put(key, clock.now());
      return store.get(key).orElse(-1L);
    }

    final String finalName() {
      return "real";
    }
  }

  /** The tests, as a project would have them. */
  public static class ServiceTest {
    @Test
    void touchStoresTheClocksTime() {
      Clock clock = mock(Clock.class);
      Store store = mock(Store.class);
      when(clock.now()).thenReturn(System.nanoTime() % 1000);
      when(store.get(anyString())).thenReturn(Optional.of(7L));
      Service s = new Service(clock, store);
      for (int i = 0; i < 500; i++) {
        assertEquals(7L, s.touch("k" + i));
      }
      ArgumentCaptor<String> keys = ArgumentCaptor.forClass(String.class);
      verify(store, times(500)).put(keys.capture(), anyLong());
      System.out.println("captured " + keys.getAllValues().size() + " last " + keys.getValue());
    }

    @Test
    void finalMethodsAreMockedInline() {
      Service s = mock(Service.class);
      when(s.finalName()).thenReturn("mocked " + new Random().nextInt(100));
      System.out.println("final: " + s.finalName());
    }

    @Test
    void spiesOnRealLists() {
      List<String> list = spy(new ArrayList<>());
      list.add("a");
      list.add(UUID.randomUUID().toString().substring(0, 8));
      verify(list, times(2)).add(anyString());
      System.out.println("spy size " + list.size() + " second " + list.get(1));
    }

    @Test
    void failsOnPurpose() {
      assertEquals(3, new Random().nextInt(2), "a failing assertion");
    }
  }

  public static void main(String[] args) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(ServiceTest.class)).build();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, summary);
    TestExecutionSummary s = summary.getSummary();
    System.out.println("tests " + s.getTestsFoundCount() + " ok " + s.getTestsSucceededCount() + " failed "
        + s.getTestsFailedCount() + " took " + (s.getTimeFinished() - s.getTimeStarted()) + " ms");
    for (TestExecutionSummary.Failure f : s.getFailures()) {
      System.out.println("failure: " + f.getTestIdentifier().getDisplayName() + ": " + f.getException().getMessage());
    }
  }
}
