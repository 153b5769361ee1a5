package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.TableLayout;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

class LayoutComparisonTest {

  @Table(name = "events", salt = @Salt(buckets = 4))
  @Index(name = "kind", key = {"kind"})
  record Event(@RowKey(order = 0) String id, @RowKey(order = 1) long seq, @Column String kind) {}

  @Table(name = "events")
  @Index(name = "kind", key = {"kind"})
  record UnsaltedEvent(@RowKey(order = 0) String id, @RowKey(order = 1) @Descending long seq, @Column String kind) {}

  @Table(name = "events", salt = @Salt(buckets = 4, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 64))
  @Index(name = "kind", key = {"kind"})
  record RingEvent(@RowKey(order = 0) String id, @RowKey(order = 1) long seq, @Column String kind) {}

  @Table(name = "events", salt = @Salt(buckets = 4, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 32))
  @Index(name = "kind", key = {"kind"})
  record SmallRingEvent(@RowKey(order = 0) String id, @RowKey(order = 1) long seq, @Column String kind) {}

  @Table(name = "events", salt = @Salt(buckets = 4))
  @Index(name = "kind", key = {"kind"}, format = Index.Format.COLUMNS)
  record ColumnsEvent(@RowKey(order = 0) String id, @RowKey(order = 1) long seq, @Column String kind) {}

  @Test
  void aViewOfACellPerColumnIsConvertedToPackedRowsButNotBack() {
    TableSpec packed = tables(Event.class).get(1);
    TableSpec columns = tables(ColumnsEvent.class).get(1);

    assertEquals(LayoutComparison.Verdict.CONVERTIBLE,
        LayoutComparison.verdict(packed, TableRecord.of(columns.descriptor())));
    assertTrue(LayoutComparison.difference("Event", packed, TableRecord.of(columns.descriptor()))
        .startsWith("Table events.kind holds view rows of an older format than the mapping of Event writes:"));
    assertEquals(LayoutComparison.Verdict.DIFFERENT,
        LayoutComparison.verdict(columns, TableRecord.of(packed.descriptor())),
        "a view of a cell per column would push filters that a packed row's missing cells fail");
    assertEquals(LayoutComparison.Verdict.DIFFERENT,
        LayoutComparison.verdict(tables(UnsaltedEvent.class).get(1), TableRecord.of(columns.descriptor())),
        "only the format may differ");
  }

  private static List<TableSpec> tables(Class<?> type) {
    return EntityTables.of(EntityModel.of(type), SplitPolicy.salted(), TableName::valueOf).tables();
  }

  @Test
  void createdTablesRecordTheLayoutOfTheMainTableAndOfEachView() {
    List<TableSpec> tables = tables(Event.class);

    TableDescriptor main = tables.get(0).descriptor();
    assertEquals(EntityModel.of(Event.class).layout(), LayoutComparison.recorded(TableRecord.of(main)));
    assertEquals("row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String + seq Long",
        main.getValue("rowan.layout"));
    assertEquals("view key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + kind String + id String"
        + " + seq Long; carries every column; columns packed in the status cell; settled by its status alone",
        tables.get(1).descriptor().getValue("rowan.layout"));
    assertEquals(64, tables.get(1).descriptor().getValue("rowan.layout.fingerprint").length());
  }

  @Test
  void aTableRecordingTheSameLayoutHasNoDifference() {
    TableSpec main = tables(Event.class).get(0);

    assertEquals(LayoutComparison.Verdict.SAME, LayoutComparison.verdict(main.layout(), TableRecord.of(main.descriptor())));
    assertNull(LayoutComparison.difference("Event", main.layout(), TableRecord.of(main.descriptor())));
  }

  @Test
  void aTableRecordingAnotherLayoutIsReportedWithBothLayouts() {
    TableSpec expected = tables(Event.class).get(0);
    TableDescriptor live = tables(UnsaltedEvent.class).get(0).descriptor();

    String difference = LayoutComparison.difference("Event", expected.layout(), TableRecord.of(live));

    assertEquals(LayoutComparison.Verdict.DIFFERENT, LayoutComparison.verdict(expected.layout(), TableRecord.of(live)));
    assertEquals("Table events stores keys laid out as\n"
        + "      row key id String + seq Long descending\n"
        + "    but the mapping of Event lays them out as\n"
        + "      row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String + seq Long\n"
        + "    so its rows cannot be found or read with this mapping: keep the old layout, or copy the data into a"
        + " new table.", difference);
  }

  @Test
  void aTableRecordingNoLayoutIsReportedAsUnprovenWithTheWayToRecordIt() {
    TableSpec expected = tables(Event.class).get(0);
    TableDescriptor byHand = TableDescriptorBuilder.newBuilder(TableName.valueOf("events")).build();

    String difference = LayoutComparison.difference("Event", expected.layout(), TableRecord.of(byHand));

    assertEquals(LayoutComparison.Verdict.UNRECORDED, LayoutComparison.verdict(expected.layout(), TableRecord.of(byHand)));
    assertTrue(difference.startsWith("Table events records no key layout"), difference);
    assertTrue(difference.contains(expected.layout().description()), difference);
    assertTrue(difference.contains("schema().recordLayout(Event.class)"), difference);
  }

  @Test
  void onlyTheFingerprintIsCompared() {
    TableSpec expected = tables(Event.class).get(0);
    TableLayout relabelled = new TableLayout("another description", expected.layout().fingerprint());
    TableDescriptor live = LayoutComparison.record(TableDescriptorBuilder.newBuilder(TableName.valueOf("events")),
        relabelled).build();

    assertEquals(LayoutComparison.Verdict.SAME, LayoutComparison.verdict(expected.layout(), TableRecord.of(live)));
  }

  @Test
  void aTableWrittenWithOneBucketStrategyIsReportedUnderAnotherNamingBoth() {
    List<TableSpec> hashMod = tables(Event.class);
    List<TableSpec> ring = tables(RingEvent.class);

    String main = LayoutComparison.difference("RingEvent", ring.get(0).layout(), TableRecord.of(hashMod.get(0).descriptor()));
    assertEquals("Table events stores keys laid out as\n"
        + "      row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String + seq Long\n"
        + "    but the mapping of RingEvent lays them out as\n"
        + "      row key salt(4 buckets, ring of 64 virtual nodes per bucket on murmur3_32(seed 0), on every part)"
        + " + id String + seq Long\n"
        + "    so its rows cannot be found or read with this mapping: keep the old layout, or copy the data into a"
        + " new table.", main);
    String view = LayoutComparison.difference("RingEvent", ring.get(1).layout(), TableRecord.of(hashMod.get(1).descriptor()));
    assertTrue(view.startsWith("Table events.kind stores keys laid out as\n      view key salt(4 buckets, murmur3_32"),
        view);
    assertTrue(view.contains("lays them out as\n      view key salt(4 buckets, ring of 64 virtual nodes"), view);
  }

  @Test
  void aTableWrittenWithOtherVirtualNodesIsReportedNamingBoth() {
    TableSpec expected = tables(SmallRingEvent.class).get(0);
    TableDescriptor live = tables(RingEvent.class).get(0).descriptor();

    assertEquals(LayoutComparison.Verdict.DIFFERENT, LayoutComparison.verdict(expected.layout(), TableRecord.of(live)));
    String difference = LayoutComparison.difference("SmallRingEvent", expected.layout(), TableRecord.of(live));
    assertTrue(difference.contains("ring of 64 virtual nodes per bucket"), difference);
    assertTrue(difference.contains("ring of 32 virtual nodes per bucket"), difference);
  }
}
