package dev.rowan.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A Limit means what Spring Data's does: at most its number of results, zero included. */
class LimitTest {

  @Test
  void limitOfZeroIsTheSameLimitAsTheConstructorsAndAsksForNoResult() {
    assertEquals(new Limit(0), Limit.of(0));
    assertTrue(Limit.of(0).isLimited());
    assertEquals(0, Limit.of(0).max());
  }

  @Test
  void unlimitedIsNotALimitOfZero() {
    assertNotEquals(Limit.of(0), Limit.unlimited());
    assertFalse(Limit.unlimited().isLimited());
    assertTrue(Limit.of(10).isLimited());
  }

  @Test
  void aNegativeLimitIsRefusedSayingHowToAskForNoLimit() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Limit.of(-1));
    assertEquals("a limit is 0 or more results, not -1; use Limit.unlimited() for no limit", e.getMessage());
  }
}
