package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.it.faults.FaultInjectionIT;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * Leaves writes stopped between the steps of the view protocol, as a crashed writer leaves them:
 * a protocol hook that throws {@link FaultInjectionIT.Crash} at the chosen step, and the saves a
 * test stops there. The read tests use it to leave view rows that are not settled
 * ({@code BEFORE_SETTLE}: committed on the main table, not settled in the views;
 * {@code BEFORE_MAIN_WRITE}: unverified rows of a write the main table never saw).
 */
public final class StoppedWrites implements ProtocolHook {

  private final AtomicReference<Step> stopAt = new AtomicReference<>();

  @Override
  public void at(Step step, String table, List<byte[]> rowKeys) {
    if (step == stopAt.get()) {
      throw new FaultInjectionIT.Crash(step);
    }
  }

  /**
   * Saves {@code change} of each of {@code entities} with its write stopped at {@code step} (each
   * save must crash there); returns the entities as changed.
   */
  public <T> List<T> save(HBaseRepository<T> repository, Step step, List<T> entities, UnaryOperator<T> change) {
    List<T> changed = new ArrayList<>();
    stopAt.set(step);
    try {
      for (T entity : entities) {
        T next = change.apply(entity);
        assertThrows(FaultInjectionIT.Crash.class, () -> repository.save(next), "the write stops at " + step);
        changed.add(next);
      }
    } finally {
      stopAt.set(null);
    }
    return changed;
  }

  /** What each of {@code keys} reads back now: the truth a read through the views must give. */
  public static <T> List<T> truth(HBaseRepository<T> repository, Iterable<?> keys) {
    List<T> found = new ArrayList<>();
    for (Object key : keys) {
      repository.findByKey(key).ifPresent(found::add);
    }
    return found;
  }
}
