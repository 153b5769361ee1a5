package dev.rowan.core.internal.plumbing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ParallelCallsTest {

  @Test
  void resultsComeBackInCallOrderAndCallsRunAtOnce() {
    int calls = 6;
    CountDownLatch allStarted = new CountDownLatch(calls);
    Set<String> threads = ConcurrentHashMap.newKeySet();
    List<Supplier<Integer>> work = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      int n = i;
      work.add(() -> {
        threads.add(Thread.currentThread().getName());
        allStarted.countDown();
        try {
          // Each call waits for all the others: this ends only if they run at the same time.
          assertTrue(allStarted.await(30, TimeUnit.SECONDS), "calls did not run at once");
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
        return n * 10;
      });
    }
    assertEquals(List.of(0, 10, 20, 30, 40, 50), ParallelCalls.all(work));
    assertEquals(calls, threads.size());
    assertTrue(threads.contains(Thread.currentThread().getName()), "the last call runs on the caller");
  }

  @Test
  void theFirstFailureIsThrownOnceAllCallsEndedWithTheOthersSuppressed() {
    IllegalStateException first = new IllegalStateException("first");
    IllegalArgumentException second = new IllegalArgumentException("second");
    Set<Integer> ran = ConcurrentHashMap.newKeySet();
    List<Supplier<Void>> work = List.of(
        () -> { ran.add(0); return null; },
        () -> { ran.add(1); throw first; },
        () -> { ran.add(2); return null; },
        () -> { ran.add(3); throw second; });
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> ParallelCalls.all(work));
    assertSame(first, thrown);
    assertEquals(List.of(second), List.of(thrown.getSuppressed()));
    assertEquals(Set.of(0, 1, 2, 3), ran);
  }

  @Test
  void chunksCoverTheItemsInOrder() {
    assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5)), ParallelCalls.chunks(List.of(1, 2, 3, 4, 5), 2));
    assertEquals(List.of(), ParallelCalls.chunks(List.of(), 3));
    assertEquals(List.of(List.of(1, 2, 3)), ParallelCalls.chunks(List.of(1, 2, 3), 3));
  }
}
