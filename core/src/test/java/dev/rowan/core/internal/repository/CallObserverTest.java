package dev.rowan.core.internal.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Page;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.plumbing.ParallelCalls;
import dev.rowan.core.observation.RepositoryCallContext.Access;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import dev.rowan.core.observation.RepositoryCallContext;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CallObserverTest {

  /** A repository type, for its simple name. */
  interface OrderRepository {}

  /** Records the calls that stopped, and the observations in scope where the work ran. */
  static final class Recorder implements ObservationHandler<Observation.Context> {
    final List<RepositoryCallContext> stopped = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onStop(Observation.Context context) {
      stopped.add((RepositoryCallContext) context);
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
      return context instanceof RepositoryCallContext;
    }
  }

  private final Recorder recorder = new Recorder();
  private final ObservationRegistry registry = ObservationRegistry.create();
  private final CallObserver observer;
  private static final CallObserver.Target FIND = new CallObserver.Target("findBySellerId", "orders.seller",
      Access.RANGE, false);

  CallObserverTest() {
    registry.observationConfig().observationHandler(recorder);
    observer = CallObserver.of(registry, OrderRepository.class, null);
  }

  @Test
  void aCallIsOneObservationNamedAndTaggedWithWhatItCost() throws Throwable {
    Object result = observer.call(FIND, args -> {
      assertSame(ObservedCalls.context(), registry.getCurrentObservation().getContext(), "in scope while it runs");
      ObservedCalls.count(Cost.ROWS_READ, 4);
      ObservedCalls.count(Cost.RPCS, 2);
      return List.of("a", "b", "c");
    }, new Object[0]);

    assertEquals(List.of("a", "b", "c"), result);
    RepositoryCallContext call = recorder.stopped.get(0);
    assertEquals("rowan.repository", call.getName());
    assertEquals("OrderRepository.findBySellerId", call.getContextualName());
    assertEquals("OrderRepository", call.getLowCardinalityKeyValue("rowan.repository").getValue());
    assertEquals("findBySellerId", call.getLowCardinalityKeyValue("rowan.method").getValue());
    assertEquals("orders.seller", call.getLowCardinalityKeyValue("rowan.table").getValue());
    assertEquals("range", call.getLowCardinalityKeyValue("rowan.access").getValue());
    assertEquals("success", call.getLowCardinalityKeyValue("outcome").getValue());
    assertEquals("none", call.getLowCardinalityKeyValue("exception").getValue());
    assertEquals(4, call.rowsRead());
    assertEquals(2, call.rpcs());
    assertEquals(3, call.rowsReturned());
    assertEquals("3", call.getHighCardinalityKeyValue("rowan.rows.returned").getValue());
    assertNull(ObservedCalls.context(), "nothing is left on the thread");
    assertNull(registry.getCurrentObservation());
  }

  @Test
  void aFailedCallEndsWithItsException() {
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> observer.call(FIND, args -> {
          throw new IllegalArgumentException("bad");
        }, new Object[0]));

    RepositoryCallContext call = recorder.stopped.get(0);
    assertEquals("error", call.getLowCardinalityKeyValue("outcome").getValue());
    assertEquals("IllegalArgumentException", call.getLowCardinalityKeyValue("exception").getValue());
    assertSame(failure, call.getError());
    assertNull(ObservedCalls.context());
  }

  @Test
  void aStreamIsObservedUntilItIsReadToItsEndAndItsElementsAreReadInScope() throws Throwable {
    List<Boolean> inScope = new ArrayList<>();
    Stream<?> stream = (Stream<?>) observer.call(FIND, args -> Stream.of(1, 2, 3).peek(i -> {
      inScope.add(ObservedCalls.context() != null);
      ObservedCalls.count(Cost.ROWS_READ, 1);
    }), new Object[0]);
    assertTrue(recorder.stopped.isEmpty(), "still open: nothing read");
    assertEquals(List.of(1, 2, 3), stream.collect(Collectors.toList()));

    RepositoryCallContext call = recorder.stopped.get(0);
    assertEquals(List.of(true, true, true), inScope);
    assertEquals(3, call.rowsRead());
    assertEquals(3, call.rowsReturned());
    stream.close();
    assertEquals(1, recorder.stopped.size(), "stopped once");
  }

  @Test
  void aStreamClosedBeforeItsEndStopsItsObservationAndClosesWhatItRead() throws Throwable {
    List<String> closed = new ArrayList<>();
    Stream<?> stream = (Stream<?>) observer.call(FIND,
        args -> Stream.iterate(1, i -> i + 1).onClose(() -> closed.add("scanners")), new Object[0]);
    try (stream) {
      assertEquals(List.of(1, 2), stream.limit(2).collect(Collectors.toList()));
    }
    assertEquals(List.of("scanners"), closed);
    assertEquals(2, recorder.stopped.get(0).rowsReturned());
  }

  @Test
  void whatAReadReturnedIsCountedInEntities() {
    assertEquals(2, CallObserver.returned(List.of(1, 2)));
    assertEquals(1, CallObserver.returned(Optional.of(1)));
    assertEquals(0, CallObserver.returned(Optional.empty()));
    assertEquals(2, CallObserver.returned(new Page<>(List.of(1, 2), null)));
    assertEquals(0, CallObserver.returned(7L));
    assertEquals(0, CallObserver.returned(true));
    assertEquals(0, CallObserver.returned(null));
    assertEquals(1, CallObserver.returned("an entity"));
  }

  @Test
  void workOnPoolThreadsRunsInTheCallsScopeAndCountsIntoIt() throws Throwable {
    List<Observation> seen = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch both = new CountDownLatch(2);
    observer.call(FIND, args -> {
      List<Supplier<Integer>> calls = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        calls.add(() -> {
          both.countDown();
          await(both); // two at once: one on a pool thread
          seen.add(registry.getCurrentObservation());
          ObservedCalls.count(Cost.RPCS, 1);
          return 1;
        });
      }
      return ParallelCalls.all(calls);
    }, new Object[0]);

    RepositoryCallContext call = recorder.stopped.get(0);
    assertEquals(2, call.rpcs());
    assertEquals(2, seen.size());
    seen.forEach(observation -> assertSame(call, observation.getContext()));
  }

  @Test
  void withoutAHandlerACallRunsUnobserved() throws Throwable {
    CallObserver unhandled = CallObserver.of(ObservationRegistry.create(), OrderRepository.class, null);
    assertEquals("done", unhandled.call(FIND, args -> {
      assertNull(ObservedCalls.context());
      return "done";
    }, new Object[0]));
    assertNull(CallObserver.of(ObservationRegistry.NOOP, OrderRepository.class, null), "NOOP: no observer at all");
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(10, TimeUnit.SECONDS));
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
