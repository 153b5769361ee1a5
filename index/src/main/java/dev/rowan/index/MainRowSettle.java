package dev.rowan.index;

import java.util.Optional;
import org.apache.hadoop.hbase.client.CheckAndMutate;

/**
 * How a reader or a view job makes sure of an entity's main row before it writes on the strength of
 * it (repairs, discards or deletes a view row; docs/view-consistency.md): the main row the decision
 * rests on is first made final, fenced above a write whose lease has run out ({@link MainFence}) or
 * confirmed durable ({@link CommitSync#confirm}); when that loses to another write, the main row is
 * read again and the decision taken once more on what it holds now. A fenced row needs no
 * confirmation: the fence is a synced write of its own.
 *
 * <p>The readers and the jobs call HBase each in their own way, and decide each by their own
 * verdict ({@link ViewRowVerdict#forReader}, {@link ViewRowVerdict#forDelete}); this class is the
 * one place of the order in which they fence or confirm, read again and decide again.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class MainRowSettle {

  private MainRowSettle() {}

  /**
   * The main table as a settle calls it, in its caller's way of calling HBase.
   *
   * @param <X> what its calls throw
   */
  public interface MainTable<X extends Exception> {
    /** Whether {@code write}, a conditional write of the main row, was applied. */
    boolean apply(CheckAndMutate write) throws X;

    /** The main row {@code row} as it is now. */
    MainRow read(byte[] row) throws X;
  }

  /**
   * What a caller decides on a main row.
   *
   * @param <A> what the caller does once the main row is sure
   */
  public sealed interface Decision<A> {

    /** Act on the row as read: it holds no write of the protocol's that could still be lost. */
    record Act<A>(A action) implements Decision<A> {}

    /** Act once the row is confirmed durable. */
    record Confirm<A>(A action) implements Decision<A> {}

    /**
     * Fence the row above {@code floor}, no earlier than {@code now} ({@link MainFence#above}),
     * then decide again on the fenced row.
     */
    record Fence<A>(long now, long floor) implements Decision<A> {}

    /** Nothing to write on the strength of this row. */
    record Stop<A>() implements Decision<A> {}
  }

  /**
   * Decides on a main row.
   *
   * @param <A> what the caller does once the main row is sure
   * @param <X> what deciding throws
   */
  @FunctionalInterface
  public interface Decide<A, X extends Exception> {
    /**
     * The decision on main row {@code main}, read by read number {@code read} (1 for the row the
     * settle started from), {@code fenced} when the settle has just fenced it.
     */
    Decision<A> on(MainRow main, int read, boolean fenced) throws X;
  }

  /**
   * What to do, and the main row as it was made sure of.
   *
   * @param <A> what the caller does
   */
  public record Settled<A>(A action, MainRow main) {}

  /**
   * Settles on main row {@code key} of {@code table} (status cells in {@code family}), read as
   * {@code read}: decides, fences or confirms what the decision asks, and reads the row again and
   * decides again when that loses to another write, up to {@code reads} reads in all (the first
   * included).
   *
   * @return the action and the row it stands on, or empty when a decision said to stop or the row
   *     kept changing
   */
  public static <A, X extends Exception> Optional<Settled<A>> settle(
      MainTable<X> table, byte[] key, byte[] family, MainRow read, int reads, Decide<A, X> decide)
      throws X {
    MainRow main = read;
    for (int attempt = 1; attempt <= reads; attempt++) {
      Decision<A> decision = decide.on(main, attempt, false);
      if (decision instanceof Decision.Fence<A> fence) {
        MainFence write = MainFence.above(key, family, main, fence.now(), fence.floor());
        if (table.apply(write.write())) {
          main = main.withStatus(write.status());
          decision = decide.on(main, attempt, true);
          if (decision instanceof Decision.Confirm<A> confirm) {
            decision = new Decision.Act<>(confirm.action()); // a fence is durable
          }
        }
      } else if (decision instanceof Decision.Confirm<A> confirm
          && (main.status() == null
              || table.apply(CommitSync.confirm(key, family, main.status())))) {
        decision = new Decision.Act<>(confirm.action());
      }
      if (decision instanceof Decision.Act<A> act) {
        return Optional.of(new Settled<>(act.action(), main));
      }
      if (decision instanceof Decision.Stop<A> || attempt == reads) {
        return Optional.empty();
      }
      main = table.read(key);
    }
    return Optional.empty();
  }
}
