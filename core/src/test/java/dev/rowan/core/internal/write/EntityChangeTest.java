package dev.rowan.core.internal.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What a partial update and a counter's addition do to an entity's values, without a cluster. */
class EntityChangeTest {

  @Table(name = "stock")
  record Stock(@RowKey String sku, @Column String note, @Column Long units, @Column int shelves, @Column short bins) {}

  private static final EntityModel<Stock> MODEL = EntityModel.of(Stock.class);
  private static final PropertyModel NOTE = MODEL.property("note");
  private static final PropertyModel UNITS = MODEL.property("units");
  private static final PropertyModel SHELVES = MODEL.property("shelves");
  private static final PropertyModel BINS = MODEL.property("bins");

  @Test
  void anUpdateSetsItsPropertiesAndKeepsTheOthers() {
    Object[] after = EntityChange.set(List.of(NOTE, UNITS), new Object[] {"moved", null})
        .apply(MODEL.values(new Stock("a", "here", 4L, 2, (short) 1)));
    assertArrayEquals(MODEL.values(new Stock("a", "moved", null, 2, (short) 1)), after);
  }

  @Test
  void anUpdateSettingAPrimitivePropertyToNullIsRefused() {
    InvalidValueException refused = assertThrows(InvalidValueException.class,
        () -> EntityChange.set(List.of(SHELVES), new Object[] {null}));
    assertEquals("Stock.shelves: a int cannot be set to null", refused.getMessage());
  }

  @Test
  void anAdditionToANullCounterStartsFromZero() {
    EntityChange add = EntityChange.add(UNITS, 5);
    Object[] after = add.apply(MODEL.values(new Stock("a", null, null, 0, (short) 0)));
    assertEquals(5L, add.sumIn(after));
  }

  @Test
  void sumsKeepTheCounterTypeAndMatchLongArithmeticForRandomValues() {
    long seed = System.nanoTime();
    System.out.println("EntityChangeTest seed " + seed);
    Random random = new Random(seed);
    for (int i = 0; i < 1000; i++) {
      int stored = random.nextInt(2_000_001) - 1_000_000;
      int delta = random.nextInt(2_000_001) - 1_000_000;
      assertEquals((long) stored + delta, EntityChange.sum(UNITS, (long) stored, delta), "seed " + seed);
      assertEquals(stored + delta, EntityChange.sum(SHELVES, stored, delta), "seed " + seed);
    }
    assertEquals((short) 7, EntityChange.sum(BINS, (short) 3, 4));
  }

  @Test
  void aSumOutsideTheCounterTypeIsRefusedNamingTheProperty() {
    assertEquals("Stock.shelves: adding 1 to 2147483647 leaves the range of int; nothing was written",
        assertThrows(InvalidValueException.class, () -> EntityChange.sum(SHELVES, Integer.MAX_VALUE, 1)).getMessage());
    assertThrows(InvalidValueException.class, () -> EntityChange.sum(UNITS, Long.MAX_VALUE, 1));
    assertThrows(InvalidValueException.class, () -> EntityChange.sum(UNITS, Long.MIN_VALUE, -1));
    assertThrows(InvalidValueException.class, () -> EntityChange.sum(BINS, (short) 32767, 1));
    assertEquals(0L, EntityChange.sum(UNITS, Long.MAX_VALUE, -Long.MAX_VALUE), "a sum within range is fine");
  }
}
