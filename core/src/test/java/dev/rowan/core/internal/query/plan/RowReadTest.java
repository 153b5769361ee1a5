package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.core.internal.query.plan.RowRead.Extent;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowReadTest {

  /** Salted, seen by seller (a full copy), by buyer (amount only) and by note (unique, the seller only). */
  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d")
  @Index(name = "seller", key = {"sellerId", "createdAt"}, format = Index.Format.COLUMNS)
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"}, format = Index.Format.COLUMNS)
  @Index(name = "number", key = {"note"}, unique = true, include = {"sellerId"}, format = Index.Format.COLUMNS)
  record Order(
      @RowKey String orderNo,
      @Column(name = "s") String sellerId,
      @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "n") String note) {}

  /** Tall, without views. */
  @Table(name = "profiles")
  record Profile(@RowKey(order = 0) String uid, @RowKey(order = 1) Instant createdAt, String name, int age) {}

  /** Tall, with a view, read through its main table by its leading key part. */
  @Table(name = "accounts")
  @Index(name = "byName", key = {"name"}, format = Index.Format.COLUMNS)
  record Account(@RowKey(order = 0) String region, @RowKey(order = 1) String id, String name, int balance) {}

  /** Wide: every line of an order in one row, by line number. */
  @Table(name = "lines")
  record Line(@RowKey String orderNo, @ColumnKey int lineNo, String sku) {}

  /** Its cells' timestamp is a property. */
  @Table(name = "readings")
  record Reading(@RowKey String sensor, @CellTimestamp long at, int value) {}

  private static RowRead count(Class<?> type, String method, int parameters) {
    EntityModel<?> model = EntityModel.of(type);
    List<ViewModel> views = ViewMaintainer.of(model).views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    MethodPlan plan = QueryPlanner.plan(MethodNameParser.parse(method, parameters, vocabulary), model, views);
    assertEquals(1, plan.groups().size(), method);
    return RowRead.forCount(plan.groups().get(0), model, !views.isEmpty());
  }

  private static List<String> columns(RowRead read) {
    return read.columns().stream().map(PropertyModel::name).toList();
  }

  @Test
  void aCountThroughAFullCopyViewReadsItsStatusCellAndRetiredCellOnly() {
    RowRead read = count(Order.class, "countBySellerId", 1);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_RETIRED), read.protocolCells());
    assertEquals(List.of(), columns(read));
    assertNull(read.reason());
  }

  @Test
  void aConditionOnAKeyPartOfTheViewReadsNoColumn() {
    RowRead read = count(Order.class, "countBySellerIdAndCreatedAtAfter", 2);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of(), columns(read));
  }

  @Test
  void aConditionOnACarriedColumnOfANarrowViewReadsThatColumnToo() {
    RowRead read = count(Order.class, "countByBuyerIdAndAmount", 2);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_RETIRED), read.protocolCells());
    assertEquals(List.of("amount"), columns(read));
  }

  /** As Order, its views packed (the default format): a row's columns are in its status cell. */
  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d")
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"})
  record PackedOrder(
      @RowKey String orderNo,
      @Column(name = "s") String sellerId,
      @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "n") String note) {}

  @Test
  void aConditionOnACarriedColumnOfAPackedViewReadsTheStatusCellThatHoldsIt() {
    RowRead read = count(PackedOrder.class, "countByBuyerIdAndAmount", 2);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_RETIRED), read.protocolCells());
    assertEquals(List.of("amount"), columns(read));
    assertTrue(read.packed(), "no cell of its own: the status cell holds it, the filter is not pushed");
    org.apache.hadoop.hbase.client.Scan scan = new org.apache.hadoop.hbase.client.Scan();
    read.narrow(scan, org.apache.hadoop.hbase.util.Bytes.toBytes("d"));
    assertEquals(2, scan.getFamilyMap().get(org.apache.hadoop.hbase.util.Bytes.toBytes("d")).size(),
        "the status cell and the retired cell");
    assertEquals("keys and status cell (with PackedOrder.amount packed in it), retired cell, no other column; settled"
        + " rows are taken as they are, other rows are checked against their main rows", read.describe());
  }

  @Test
  void aConditionOnAColumnTheViewDoesNotCarryReadsWholeRows() {
    RowRead read = count(Order.class, "countByNoteAndAmount", 2);
    assertEquals(Extent.WHOLE_ROWS, read.kind());
    assertTrue(read.reason().contains("Order.amount") && read.reason().contains("orders.number"), read.reason());
  }

  @Test
  void aPushedFilterOnAColumnTheViewKeyHoldsReadsThatColumnSoThatTheFilterSeesIt() {
    RowRead read = count(Order.class, "countBySellerIdAndCreatedAtNot", 2);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of("createdAt"), columns(read), "the key holds createdAt, the Not filter needs its cell");
  }

  @Test
  void aCountThroughAUniqueViewReadsItsOwnerCellForTheMainKey() {
    RowRead read = count(Order.class, "countByNote", 1);
    assertEquals(Extent.CELLS, read.kind());
    assertEquals(List.of(Qualifier.VIEW_STATUS, Qualifier.OWNER), read.protocolCells());
    assertEquals(List.of(), columns(read));
  }

  @Test
  void aCountOfATallEntityWithoutViewsReadsKeysOnly() {
    assertEquals(Extent.KEYS_ONLY, count(Profile.class, "countByUid", 1).kind());
    assertEquals(Extent.KEYS_ONLY, count(Profile.class, "countByUidAndCreatedAtAfter", 2).kind());
  }

  @Test
  void aConditionOnAColumnOfATallEntityWithoutViewsReadsThatColumnAndNoProtocolCell() {
    RowRead read = count(Profile.class, "countByUidAndNameAndAge", 3);
    assertEquals(Extent.ROW_CELLS, read.kind());
    assertEquals(List.of(), read.protocolCells());
    assertEquals(List.of("name", "age"), columns(read));
  }

  @Test
  void aCountOfTheMainTableOfAnEntityWithViewsReadsLiveKeysOrTheStatusCellAndItsColumns() {
    assertEquals(Extent.LIVE_KEYS, count(Account.class, "countByRegion", 1).kind());
    RowRead read = count(Account.class, "countByRegionAndBalance", 2);
    assertEquals(Extent.ROW_CELLS, read.kind());
    assertEquals(List.of(Qualifier.MAIN_STATUS), read.protocolCells());
    assertEquals(List.of("balance"), columns(read));
  }

  @Test
  void aCountOfAWideEntityReadsQualifiersUnlessAConditionTestsAColumn() {
    assertEquals(Extent.QUALIFIERS, count(Line.class, "countByOrderNo", 1).kind());
    assertEquals(Extent.QUALIFIERS, count(Line.class, "countByOrderNoAndLineNoGreaterThan", 2).kind());
    RowRead read = count(Line.class, "countByOrderNoAndSku", 2);
    assertEquals(Extent.WHOLE_ROWS, read.kind());
    assertTrue(read.reason().contains("Line.sku"), read.reason());
  }

  @Test
  void aConditionOnTheCellTimestampReadsWholeRows() {
    RowRead read = count(Reading.class, "countBySensorAndAtAfter", 2);
    assertEquals(Extent.WHOLE_ROWS, read.kind());
    assertTrue(read.reason().contains("Reading.at"), read.reason());
  }

  @Test
  void itsDescriptionSaysKeysOnlyOrNamesTheCellsRead() {
    assertTrue(count(Profile.class, "countByUid", 1).describe().startsWith("keys only"));
    assertTrue(count(Line.class, "countByOrderNo", 1).describe().startsWith("keys only"));
    assertEquals("keys and status cell, retired cell, Order.amount, no other column; settled rows are taken as they"
        + " are, other rows are checked against their main rows",
        count(Order.class, "countByBuyerIdAndAmount", 2).describe());
  }
}
