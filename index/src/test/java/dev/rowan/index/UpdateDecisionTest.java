package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision of a partial update or a counter's addition: a save of the values read, changed. */
class UpdateDecisionTest {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId"}, include = {"quantity"})
  @Index(name = "byQuantity", key = {"quantity"}, include = {"sellerId"})
  record Order(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "q") Long quantity,
      @Column(name = "n") String note, @Version long version) {}

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewMaintainer VIEWS = ViewMaintainer.of(MODEL);
  private static final Order STORED = new Order("o-1", "s-1", 5L, "hello", 3);
  private static final byte[] ROW = MODEL.rowKey(STORED);
  private static final long NOW = 1_000_000;

  private static MainRow stored(long lastWrite) {
    return new MainRow(new RowStatus(State.LIVE, lastWrite, 7), MODEL.values(STORED));
  }

  private static Object[] withNote(Object[] values, String note) {
    values[MODEL.property("note").index()] = note;
    return values;
  }

  @Test
  void anUpdateOfAnAbsentOrDeletedEntityDecidesNothing() {
    assertTrue(WriteDecision.ofUpdate(VIEWS, ROW, MainRow.ABSENT, v -> withNote(v, "x"), NOW, 42, false).isEmpty());
    MainRow tombstone = new MainRow(new RowStatus(State.DELETED, NOW - 1, 7), null);
    assertTrue(WriteDecision.ofUpdate(VIEWS, ROW, tombstone, v -> withNote(v, "x"), NOW, 42, false).isEmpty());
  }

  @Test
  void anUpdateOfAPropertyNoViewCarriesWritesTheMainRowAloneAboveTheLastWrite() {
    WriteDecision update = WriteDecision.ofUpdate(VIEWS, ROW, stored(NOW + 10), v -> withNote(v, "bye"), NOW, 42,
        false).orElseThrow();

    assertEquals(new RowStatus(State.LIVE, NOW + 11, 42), update.status(), "max(now, last + 1)");
    assertEquals("bye", update.written()[MODEL.property("note").index()]);
    assertEquals("s-1", update.written()[MODEL.property("sellerId").index()], "the other values are the stored ones");
    assertEquals(4L, update.written()[MODEL.property("version").index()], "the version advances as a save's");
    assertEquals(List.of(), update.plan().changes(), "no view row changes");
    assertArrayEquals(stored(NOW + 10).status().encode(), update.commit().getValue(),
        "committed only if the status is still the one read");
  }

  @Test
  void anAdditionToAPropertyThatKeysAViewMovesItsRowAndRewritesTheViewThatCarriesIt() {
    int quantity = MODEL.property("quantity").index();
    WriteDecision add = WriteDecision.ofUpdate(VIEWS, ROW, stored(NOW - 1), v -> {
      v[quantity] = (Long) v[quantity] + 2;
      return v;
    }, NOW, 42, false).orElseThrow();

    assertEquals(7L, add.written()[quantity]);
    assertEquals(List.of("seller WRITE", "byQuantity WRITE", "byQuantity RETIRE"),
        add.plan().changes().stream().map(c -> c.view().name() + " " + c.kind()).toList());
  }

  @Test
  void theChangeWorksOnACopyOfTheValuesRead() {
    MainRow before = stored(NOW - 1);
    WriteDecision.ofUpdate(VIEWS, ROW, before, v -> withNote(v, "bye"), NOW, 42, false);
    assertEquals("hello", before.values()[MODEL.property("note").index()]);
  }
}
