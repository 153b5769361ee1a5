package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.spi.ProtocolHook;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A hook that stops the next write of one thread at one step of the protocol, until released:
 * the way a test lays two writes of the same entity side by side step by step.
 */
public final class StepGate implements ProtocolHook {

  /** One stop of one write. */
  public static final class Stop {
    private final CountDownLatch arrived = new CountDownLatch(1);
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile long arrivedAt;

    public void awaitArrival() throws InterruptedException {
      assertTrue(arrived.await(30, TimeUnit.SECONDS), "the write reached its stop");
    }

    /** Waits until the clock has passed the millisecond the write stopped in. */
    public void awaitNextMillisecond() throws InterruptedException {
      while (System.currentTimeMillis() <= arrivedAt + 1) {
        Thread.sleep(1);
      }
    }

    public void release() {
      go.countDown();
    }

    /** Called by the write that reaches this stop: it waits there until released. */
    public void pass() {
      arrivedAt = System.currentTimeMillis();
      arrived.countDown();
      try {
        go.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  private final Map<String, Stop> next = new ConcurrentHashMap<>();

  /** Stops the next write of thread {@code thread} at {@code step}. */
  public Stop stopAt(Step step, String thread) {
    Stop stop = new Stop();
    assertNull(next.put(step + " " + thread, stop));
    return stop;
  }

  @Override
  public void at(Step step, String table, List<byte[]> rowKeys) {
    Stop stop = next.remove(step + " " + Thread.currentThread().getName());
    if (stop != null) {
      stop.pass();
    }
  }
}
