package dev.rowan.core.internal.period;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * Streams read a period after another: the next period's stream is opened only once the one before
 * is used up (and closed), so a reader that stops early opens no more scanners than it reads, and
 * closing the result closes the stream open then. ({@code Stream.flatMap} would read a whole period
 * ahead when its result is iterated.)
 */
final class PeriodStreams {

  private PeriodStreams() {}

  /**
   * The elements of {@code count} streams, opened in turn by {@code open}, lazily; a stream whose
   * opening or reading fails as {@code gone} says (its period was dropped meanwhile) ends there.
   */
  static <E> Stream<E> concat(
      int count, IntFunction<Stream<? extends E>> open, Predicate<RuntimeException> gone) {
    Chain<E> chain = new Chain<>(count, open, gone);
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(chain, Spliterator.ORDERED), false)
        .onClose(chain::close);
  }

  private static final class Chain<E> implements Iterator<E> {
    private final int count;
    private final IntFunction<Stream<? extends E>> open;
    private final Predicate<RuntimeException> gone;
    private int next;
    private @Nullable Stream<? extends E> current;
    private @Nullable Iterator<? extends E> elements;

    Chain(int count, IntFunction<Stream<? extends E>> open, Predicate<RuntimeException> gone) {
      this.count = count;
      this.open = open;
      this.gone = gone;
    }

    @Override
    public boolean hasNext() {
      while (!currentHasNext()) {
        close();
        if (next == count) {
          return false;
        }
        try {
          current = open.apply(next++);
          elements = current.iterator();
        } catch (RuntimeException failed) {
          if (!gone.test(failed)) {
            throw failed;
          }
        }
      }
      return true;
    }

    private boolean currentHasNext() {
      if (elements == null) {
        return false;
      }
      try {
        return elements.hasNext();
      } catch (RuntimeException failed) {
        if (gone.test(failed)) {
          return false;
        }
        throw failed;
      }
    }

    @Override
    public E next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return Objects.requireNonNull(elements, "hasNext() is true only with a current stream")
          .next();
    }

    void close() {
      if (current != null) {
        Stream<? extends E> closing = current;
        current = null;
        elements = null;
        closing.close();
      }
    }
  }
}
