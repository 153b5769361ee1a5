package dev.rowan.core.internal.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.internal.read.PageTokens.PeriodPosition;
import dev.rowan.core.internal.read.PageTokens.Position;
import java.lang.reflect.Method;
import java.time.LocalDate;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PageTokensTest {

  /** Two methods whose names have the same {@code String.hashCode()}. */
  interface Colliding {
    Page<Object> findByAa(String aa, PageRequest page);

    Page<Object> findByBB(String bB, PageRequest page);

    Page<Object> findByAa(long aa, PageRequest page);
  }

  private static byte[] fingerprint(String name, Class<?>... parameters) throws NoSuchMethodException {
    Method method = Colliding.class.getMethod(name, parameters);
    return PageTokens.fingerprint(Colliding.class, method, String.class);
  }

  @Test
  void refusesTheTokenOfAMethodWhoseNameHasTheSameHashCode() throws Exception {
    assertEquals("Colliding.findByAa".hashCode(), "Colliding.findByBB".hashCode(), "the names collide");
    byte[] aa = fingerprint("findByAa", String.class, PageRequest.class);
    byte[] bb = fingerprint("findByBB", String.class, PageRequest.class);
    assertFalse(Arrays.equals(aa, bb));
    byte[] token = PageTokens.write(aa, new Position(new byte[] {1, 2, 3}, null));
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> PageTokens.read("Colliding.findByBB", bb, token));
    assertTrue(refused.getMessage().startsWith("Colliding.findByBB: the PageRequest's continuation"),
        refused.getMessage());
  }

  @Test
  void tellsOverloadsAndEntitiesApart() throws Exception {
    Method method = Colliding.class.getMethod("findByAa", String.class, PageRequest.class);
    byte[] byString = PageTokens.fingerprint(Colliding.class, method, String.class);
    assertFalse(Arrays.equals(byString, fingerprint("findByAa", long.class, PageRequest.class)));
    assertFalse(Arrays.equals(byString, PageTokens.fingerprint(Colliding.class, method, Long.class)));
    assertArrayEquals(byString, PageTokens.fingerprint(Colliding.class, method, String.class), "stable");
  }

  @Test
  void readsBackTheRowKeyAndTheColumnKeyOfTheLastEntity() throws Exception {
    byte[] aa = fingerprint("findByAa", String.class, PageRequest.class);
    Position wide = PageTokens.read("m", aa, PageTokens.write(aa, new Position(new byte[] {0, 7}, new byte[] {9})));
    assertArrayEquals(new byte[] {0, 7}, wide.rowKey());
    assertArrayEquals(new byte[] {9}, wide.columnKey());
    Position tall = PageTokens.read("m", aa, PageTokens.write(aa, new Position(new byte[0], null)));
    assertArrayEquals(new byte[0], tall.rowKey());
    assertNull(tall.columnKey());
    assertArrayEquals(new byte[0],
        PageTokens.read("m", aa, PageTokens.write(aa, new Position(new byte[] {1}, new byte[0]))).columnKey());
    assertNull(PageTokens.read("m", aa, null), "the first page");
  }

  @Test
  void readsBackTheSortValuesOfAPageSortedInMemory() throws Exception {
    byte[] aa = fingerprint("findByAa", String.class, PageRequest.class);
    byte[][] values = {{1, 2}, null, {}};
    Position sorted = PageTokens.read("m", aa,
        PageTokens.write(aa, new Position(new byte[] {5}, null, values)));
    assertArrayEquals(new byte[] {5}, sorted.rowKey());
    assertNull(sorted.columnKey());
    assertEquals(3, sorted.sortValues().length);
    assertArrayEquals(new byte[] {1, 2}, sorted.sortValues()[0]);
    assertNull(sorted.sortValues()[1]);
    assertArrayEquals(new byte[0], sorted.sortValues()[2]);
  }

  @Test
  void refusesATokenChangedInAnyByteOrCut() throws Exception {
    byte[] aa = fingerprint("findByAa", String.class, PageRequest.class);
    byte[] token = PageTokens.write(aa, new Position(new byte[] {4, 5, 6}, new byte[] {7, 8}));
    for (int at = 0; at < token.length; at++) {
      for (int flip : new int[] {0x01, 0x80, 0xFF}) {
        byte[] edited = token.clone();
        edited[at] ^= (byte) flip;
        assertThrows(IllegalArgumentException.class, () -> PageTokens.read("m", aa, edited), "byte " + at);
      }
    }
    for (int length = 0; length < token.length; length++) {
      byte[] cut = Arrays.copyOf(token, length);
      assertThrows(IllegalArgumentException.class, () -> PageTokens.read("m", aa, cut), "cut to " + length);
    }
  }

  @Test
  void aTokenOfPeriodsNamesItsPeriodAndTheTokenWithinItAndIsRefusedOnceAnyByteChanges() throws Exception {
    byte[] aa = fingerprint("findByAa", String.class, PageRequest.class);
    byte[] inner = PageTokens.write(aa, new Position(new byte[] {4, 2}, null));
    byte[] token = PageTokens.write(aa, new PeriodPosition(LocalDate.of(2025, 1, 1), inner));
    PeriodPosition read = PageTokens.readPeriod("m", aa, token);
    assertEquals(LocalDate.of(2025, 1, 1), read.period());
    assertArrayEquals(inner, read.inner());
    assertNull(PageTokens.readPeriod("m", aa, PageTokens.write(aa, new PeriodPosition(LocalDate.of(2025, 2, 1), null)))
        .inner(), "the start of a period");
    for (int i = 0; i < token.length; i++) {
      byte[] changed = token.clone();
      changed[i] ^= 1;
      assertThrows(IllegalArgumentException.class, () -> PageTokens.readPeriod("m", aa, changed), "byte " + i);
    }
    byte[] bb = fingerprint("findByBB", String.class, PageRequest.class);
    assertThrows(IllegalArgumentException.class, () -> PageTokens.readPeriod("m", bb, token), "another method's");
    assertThrows(IllegalArgumentException.class, () -> PageTokens.readPeriod("m", aa, inner), "a token of one period");
  }
}
