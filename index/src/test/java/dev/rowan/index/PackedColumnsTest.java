package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PackedColumnsTest {

  @Table(name = "things")
  @Index(name = "byName", key = {"name"})
  record Thing(@RowKey String id, @Column String name, @Column long size, @Column String text, @Column byte[] blob) {}

  private final EntityModel<Thing> model = EntityModel.of(Thing.class);
  private final ViewModel view = ViewMaintainer.of(model).views().get(0);
  private final RowStatus status = new RowStatus(State.VERIFIED, 7, 9);

  private Object[] decodeStatus(byte[] value) {
    Object[] values = new Object[model.properties().size()];
    new PackedColumns(view.carried().toArray(new dev.rowan.mapping.PropertyModel[0]), names())
        .read(value, RowStatus.LENGTH, value.length, values);
    return values;
  }

  private byte[][] names() {
    byte[][] names = new byte[view.carried().size()][];
    for (int i = 0; i < names.length; i++) {
      var column = view.carried().get(i);
      byte[] entry = new byte[3 + column.family().length + column.qualifier().length];
      entry[0] = (byte) column.family().length;
      System.arraycopy(column.family(), 0, entry, 1, column.family().length);
      entry[1 + column.family().length] = (byte) (column.qualifier().length >>> 8);
      entry[2 + column.family().length] = (byte) column.qualifier().length;
      System.arraycopy(column.qualifier(), 0, entry, 3 + column.family().length, column.qualifier().length);
      names[i] = entry;
    }
    return names;
  }

  @Test
  void valuesOfEveryLengthNullsAndEmptyValuesComeBackAsWritten() {
    String longText = "x".repeat(300); // a length of two varint bytes
    Thing thing = new Thing("t-1", "n", -5, longText, new byte[0]);
    byte[] value = view.statusValue(status, model.values(thing));
    assertEquals(PackedColumns.MARKER, value[RowStatus.LENGTH], "the marker follows the status");
    Object[] read = decodeStatus(value);
    assertEquals("n", read[model.property("name").index()]);
    assertEquals(-5L, read[model.property("size").index()]);
    assertEquals(longText, read[model.property("text").index()]);
    assertArrayEquals(new byte[0], (byte[]) read[model.property("blob").index()], "empty, not null");

    Object[] sparse = decodeStatus(view.statusValue(status, model.values(new Thing("t-1", "n", 1, null, null))));
    assertEquals(null, sparse[model.property("text").index()]);
    assertEquals(null, sparse[model.property("blob").index()]);
  }

  @Test
  void aDamagedOrTruncatedValueIsRefusedNotMisread() {
    byte[] value = view.statusValue(status, model.values(new Thing("t-1", "name", 3, "text", null)));
    for (int end = RowStatus.LENGTH + 2; end < value.length; end++) {
      byte[] truncated = Arrays.copyOf(value, end);
      boolean refusedOrPartial;
      try {
        Object[] read = decodeStatus(truncated);
        refusedOrPartial = read[model.property("text").index()] == null;
      } catch (IllegalArgumentException damaged) {
        refusedOrPartial = true;
      }
      assertTrue(refusedOrPartial, "cut at " + end + " must not read the last value whole");
    }
    byte[] lying = value.clone();
    lying[RowStatus.LENGTH + 1] = (byte) 0xF0; // a family length that runs past the cell
    assertThrows(IllegalArgumentException.class, () -> decodeStatus(lying));
  }
}
