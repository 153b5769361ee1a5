package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.Entities.Event;
import dev.rowan.mapping.Entities.Order;
import dev.rowan.mapping.Entities.OrderLine;
import dev.rowan.mapping.Entities.Status;
import dev.rowan.mapping.internal.AccessorFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Entities to rows and back: tall and wide, classes and records, nulls and strangers. */
class EntityRoundTripTest {

  private final EntityModel<Order> orders = EntityModel.of(Order.class);

  @Test
  void randomOrdersComeBackEqual() {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("EntityRoundTripTest seed " + seed);
    Random random = new Random(seed);
    for (int i = 0; i < 2000; i++) {
      Order order = new Order("o-" + random.nextInt(1_000_000) + "\u00e9|" + i, random.nextBoolean() ? "s" + random.nextInt(50) : null,
          "b" + random.nextInt(), Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000)),
          random.nextBoolean() ? null : new BigDecimal(random.nextLong()).movePointLeft(random.nextInt(6)),
          Status.values()[random.nextInt(3)], random.nextLong());
      order.gift(random.nextBoolean());
      order.trace(random.nextBoolean() ? UUID.randomUUID() : null);
      RowWrite write = orders.write(order);
      Order back = orders.read(Rows.resultOf(write.put()));
      assertEquals(order, back, "seed " + seed);
    }
  }

  @Test
  void nullColumnsAreDeletedNotLeftBehind() {
    Order order = new Order("o-1", "seller", null, Instant.EPOCH, null, Status.NEW, 1);
    RowWrite write = orders.write(order);
    assertNotNull(write.delete());
    List<String> deleted = new ArrayList<>();
    write.delete().getFamilyCellMap().values().forEach(cells -> cells.forEach(
        cell -> deleted.add(Bytes.toString(CellUtil.cloneQualifier(cell)))));
    assertEquals(List.of("b", "a", "trace"), deleted);
    assertTrue(write.put().get(Bytes.toBytes("d"), Bytes.toBytes("b")).isEmpty(), "no cell for the null buyer");
    assertEquals(2, write.mutations().size());
    assertArrayEquals(write.row(), write.asRowMutations().getRow());
  }

  @Test
  void shortQualifiersAndTheFieldNameByDefault() {
    Put put = orders.write(new Order("o-1", "s1", "b1", Instant.EPOCH, BigDecimal.TEN, Status.PAID, 3)).put();
    List<String> qualifiers = new ArrayList<>();
    put.getFamilyCellMap().values().forEach(cells -> cells.forEach(
        cell -> qualifiers.add(Bytes.toString(CellUtil.cloneQualifier(cell)))));
    qualifiers.sort(null);
    assertEquals(List.of("a", "b", "c", "gift", "quantity", "s", "st", "version"), qualifiers);
    assertEquals(Bytes.toString(Bytes.toBytes(3L)), Bytes.toString(put.get(Bytes.toBytes("d"), Bytes.toBytes("quantity")).get(0).getValueArray(),
        put.get(Bytes.toBytes("d"), Bytes.toBytes("quantity")).get(0).getValueOffset(), 8), "numbers are written as Bytes writes them");
  }

  @Test
  void transientFieldsAreNotStoredAndUnknownCellsAreIgnored() {
    Order order = new Order("o-2", "s", "b", Instant.EPOCH, BigDecimal.ONE, Status.SHIPPED, 5);
    Put put = orders.write(order).put();
    Put stranger = new Put(put.getRow()).addColumn(Bytes.toBytes("d"), Bytes.toBytes("zz-new"), Bytes.toBytes("v2"))
        .addColumn(Bytes.toBytes("x"), Bytes.toBytes("s"), Bytes.toBytes(1));
    Order back = orders.read(Rows.resultOf(put, stranger));
    assertEquals(order, back);
    assertEquals("not stored", back.scratch(), "a transient field keeps its initial value");
    assertTrue(orders.properties().stream().noneMatch(p -> p.name().equals("scratch") || p.name().equals("alsoNotStored")));
  }

  @Test
  void anEntityWithOnlyKeyValuesStillExists() {
    Order empty = new Order("o-3", null, null, null, null, null, 0);
    EntityModel<OnlyKey> model = EntityModel.of(OnlyKey.class);
    Put put = model.write(new OnlyKey("k", null)).put();
    assertEquals(1, put.size(), "the row marker");
    assertEquals(new OnlyKey("k", null), model.read(Rows.resultOf(put)));
    assertEquals(empty, orders.read(Rows.resultOf(orders.write(empty).put())));
  }

  @Test
  void wideEntitiesShareARowInColumnKeyOrder() {
    EntityModel<OrderLine> lines = EntityModel.of(OrderLine.class);
    assertTrue(lines.isWide());
    List<OrderLine> written = List.of(new OrderLine("o-9", 10, "sku-a", 2), new OrderLine("o-9", -1, "sku-b", null),
        new OrderLine("o-9", 2, null, null));
    Put[] puts = written.stream().map(line -> lines.write(line).put()).toArray(Put[]::new);
    for (Put put : puts) {
      assertArrayEquals(lines.rowKeyOf("o-9"), put.getRow(), "one row for the whole order");
    }
    Result row = Rows.resultOf(puts);
    assertEquals(List.of(written.get(1), written.get(2), written.get(0)), lines.readAll(row));
    Cell first = row.rawCells()[0];
    assertTrue(Bytes.startsWith(CellUtil.cloneQualifier(first), Bytes.toBytes(0x7FFFFFFF)),
        "qualifiers start with the order-preserving line number");
  }

  @Test
  void cellTimestampIsWrittenAndReadBack() {
    EntityModel<Event> events = EntityModel.of(Event.class);
    Event event = new Event("e-1", "click", 1_700_000_000_123L);
    Put put = events.write(event).put();
    put.getFamilyCellMap().values().forEach(cells -> cells.forEach(cell -> assertEquals(1_700_000_000_123L, cell.getTimestamp())));
    assertEquals(event, events.read(Rows.resultOf(put)));
  }

  @Test
  void generatedAccessorAgreesWithMethodHandles() throws Exception {
    List<Field> fields = new ArrayList<>();
    for (PropertyModel property : orders.properties()) {
      fields.add(Order.class.getDeclaredField(property.name()));
    }
    var generated = AccessorFactory.create(Order.class, fields);
    var handles = AccessorFactory.withMethodHandles(Order.class, fields);
    assertTrue(generated.getClass().isHidden(), "the generated accessor is a hidden nestmate");
    Order order = new Order("o-7", "s", "b", Instant.ofEpochSecond(5, 6), BigDecimal.TEN, Status.NEW, 9);
    Object[] a = new Object[fields.size()];
    Object[] b = new Object[fields.size()];
    generated.read(order, a);
    handles.read(order, b);
    assertArrayEquals(a, b);
    assertEquals(order, generated.create(a));
    assertEquals(order, handles.create(b));
    assertTrue(fields.stream().allMatch(f -> Modifier.isPrivate(f.getModifiers())), "private fields, no setAccessible");
  }

  @Test
  void keyPartsAreDecodedFromTheRowKey() {
    Object[] values = new Object[orders.properties().size()];
    byte[] key = orders.rowKeyOf("o-\u0000-1");
    orders.rowKey().decode(key, 0, key.length, values);
    assertEquals("o-\u0000-1", values[orders.property("orderNo").index()]);
    assertEquals(Arrays.asList(orders.rowKey().parts().get(0)), List.of(orders.property("orderNo")));
  }

  /** Only a key and a nullable column. */
  @dev.rowan.mapping.annotation.Table(name = "only_key")
  record OnlyKey(@dev.rowan.mapping.annotation.RowKey String id, String note) {}
}
