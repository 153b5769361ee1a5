package dev.rowan.core.internal;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Streams read a period after another: the next period's stream is opened only once the one
 * before is used up (and closed), so a reader that stops early opens no more scanners than it
 * reads, and closing the result closes the stream open then. ({@code Stream.flatMap} would read a
 * whole period ahead when its result is iterated.)
 */
final class PeriodStreams {

  private PeriodStreams() {}

  /** The elements of {@code count} streams, opened in turn by {@code open}, lazily. */
  static <E> Stream<E> concat(int count, IntFunction<Stream<? extends E>> open) {
    Chain<E> chain = new Chain<>(count, open);
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(chain, Spliterator.ORDERED), false)
        .onClose(chain::close);
  }

  private static final class Chain<E> implements Iterator<E> {
    private final int count;
    private final IntFunction<Stream<? extends E>> open;
    private int next;
    private Stream<? extends E> current;
    private Iterator<? extends E> elements;

    Chain(int count, IntFunction<Stream<? extends E>> open) {
      this.count = count;
      this.open = open;
    }

    @Override
    public boolean hasNext() {
      while (elements == null || !elements.hasNext()) {
        close();
        if (next == count) {
          return false;
        }
        current = open.apply(next++);
        elements = current.iterator();
      }
      return true;
    }

    @Override
    public E next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return elements.next();
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
