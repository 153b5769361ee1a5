package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.TableLayout;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

/**
 * Every table records the layout of its keys; a mapping that lays them out otherwise is reported
 * by {@code check()} and refused by {@code create()} and by repository creation, with both
 * layouts, before a single row is misread.
 */
@HBaseTest
class SchemaLayoutIT {

  @Table(name = "drift", salt = @Salt(buckets = 4))
  record FourBuckets(@RowKey String id, @Column String value) {}

  @Table(name = "drift", salt = @Salt(buckets = 8))
  record EightBuckets(@RowKey String id, @Column String value) {}

  @Table(name = "drift")
  record Unsalted(@RowKey String id, @Column String value) {}

  @Table(name = "drift")
  record Ascending(@RowKey(order = 0) String id, @RowKey(order = 1) long seq, @Column String value) {}

  @Table(name = "drift")
  record DescendingSeq(@RowKey(order = 0) String id, @RowKey(order = 1) @Descending long seq, @Column String value) {}

  @Table(name = "drift")
  @Index(name = "by", key = {"color"})
  record ByColor(@RowKey String id, @Column String color, @Column String size) {}

  @Table(name = "drift")
  @Index(name = "by", key = {"size"})
  record BySize(@RowKey String id, @Column String color, @Column String size) {}

  @Table(name = "drift")
  @Index(name = "by", key = {"color"})
  @Index(name = "more", key = {"size"})
  record ByColorAndMore(@RowKey String id, @Column String color, @Column String size) {}

  interface FourBucketsRepository extends HBaseRepository<FourBuckets> {}

  interface EightBucketsRepository extends HBaseRepository<EightBuckets> {}

  interface UnsaltedRepository extends HBaseRepository<Unsalted> {}

  interface AscendingRepository extends HBaseRepository<Ascending> {}

  interface DescendingSeqRepository extends HBaseRepository<DescendingSeq> {}

  interface ByColorRepository extends HBaseRepository<ByColor> {}

  interface BySizeRepository extends HBaseRepository<BySize> {}

  interface ByColorAndMoreRepository extends HBaseRepository<ByColorAndMore> {}

  private static TableLayout main(Class<?> type) {
    return EntityModel.of(type).layout();
  }

  private static TableLayout view(Class<?> type, int index) {
    return ViewMaintainer.of(EntityModel.of(type)).views().get(index).layout();
  }

  /**
   * {@code after} maps the tables {@code before} wrote with another layout of {@code table}:
   * check() reports it, create() and the repository refuse it, each showing both layouts.
   */
  private static void refusedEverywhere(Rowan rowan, Class<?> after, Class<? extends HBaseRepository<?>> repository,
      TableName table, TableLayout stored, TableLayout expected) {
    String entity = after.getSimpleName();
    String sentence = "Table " + table.getNameAsString() + " stores keys laid out as\n      " + stored.description()
        + "\n    but the mapping of " + entity + " lays them out as\n      " + expected.description();

    SchemaReport report = rowan.schema().check(after);
    assertFalse(report.matches());
    assertTrue(report.differences().stream().anyMatch(d -> d.startsWith(sentence)), report.differences().toString());

    SchemaMismatchException create = assertThrows(SchemaMismatchException.class, () -> rowan.schema().create(after));
    assertTrue(create.getMessage().contains(sentence), create.getMessage());

    SchemaMismatchException open = assertThrows(SchemaMismatchException.class, () -> rowan.repository(repository));
    assertTrue(open.getMessage().startsWith("The tables of " + entity + " do not match its mapping"), open.getMessage());
    assertTrue(open.getMessage().contains(sentence), open.getMessage());
  }

  @Test
  void saltFourToEightBucketsOnATableWithDataIsRefusedEverywhere(Rowan rowan) {
    rowan.schema().create(FourBuckets.class);
    FourBucketsRepository before = rowan.repository(FourBucketsRepository.class);
    List<FourBuckets> rows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      rows.add(new FourBuckets("k" + i, "v" + i));
    }
    before.saveAll(rows);

    refusedEverywhere(rowan, EightBuckets.class, EightBucketsRepository.class, rowan.tableName("drift"),
        main(FourBuckets.class), main(EightBuckets.class));
    assertEquals(Optional.of(rows.get(7)), before.findByKey("k7"), "the old mapping still reads its rows");
  }

  @Test
  void unsaltedToSaltedOnATableWithDataIsRefusedEverywhere(Rowan rowan) {
    rowan.schema().create(Unsalted.class);
    UnsaltedRepository before = rowan.repository(UnsaltedRepository.class);
    for (int i = 0; i < 100; i++) {
      before.save(new Unsalted("k" + i, "v" + i));
    }

    refusedEverywhere(rowan, FourBuckets.class, FourBucketsRepository.class, rowan.tableName("drift"),
        main(Unsalted.class), main(FourBuckets.class));
  }

  @Test
  void ascendingToDescendingKeyPartIsRefusedEverywhere(Rowan rowan) {
    rowan.schema().create(Ascending.class);
    AscendingRepository before = rowan.repository(AscendingRepository.class);
    for (int i = 0; i < 60; i++) {
      before.save(new Ascending("k", i, "v" + i));
    }

    refusedEverywhere(rowan, DescendingSeq.class, DescendingSeqRepository.class, rowan.tableName("drift"),
        main(Ascending.class), main(DescendingSeq.class));
    assertTrue(main(DescendingSeq.class).description().endsWith("seq Long descending"),
        main(DescendingSeq.class).description());
  }

  @Test
  void aViewKeyedOnAnotherPropertyIsRefusedEverywhere(Rowan rowan) {
    rowan.schema().create(ByColor.class);
    rowan.repository(ByColorRepository.class).save(new ByColor("k1", "red", "XL"));

    refusedEverywhere(rowan, BySize.class, BySizeRepository.class, rowan.tableName("drift.by"),
        view(ByColor.class, 0), view(BySize.class, 0));
  }

  @Test
  void createRefusingADriftedTableCreatesNoOtherTable(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(BySize.class);

    assertThrows(SchemaMismatchException.class, () -> rowan.schema().create(ByColorAndMore.class));

    assertFalse(admin.tableExists(rowan.tableName("drift.more")));
  }

  @Test
  void aTableCreatedByHandIsReportedRefusedByCreateAndUsableUntilItsLayoutIsRecorded(Rowan rowan, Admin admin)
      throws Exception {
    TableName drift = rowan.tableName("drift");
    admin.createTable(TableDescriptorBuilder.newBuilder(drift)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(new byte[] {'d'}).setNewVersionBehavior(true)
            .build())
        .build());
    String unrecorded = "Table " + drift.getNameAsString() + " records no key layout";

    SchemaReport report = rowan.schema().check(Unsalted.class);
    assertEquals(1, report.differences().size(), report.differences().toString());
    assertTrue(report.differences().get(0).startsWith(unrecorded), report.differences().get(0));
    assertTrue(report.differences().get(0).contains(main(Unsalted.class).description()));
    SchemaMismatchException create = assertThrows(SchemaMismatchException.class,
        () -> rowan.schema().create(Unsalted.class));
    assertTrue(create.getMessage().contains("schema().recordLayout(Unsalted.class)"), create.getMessage());

    UnsaltedRepository repository = rowan.repository(UnsaltedRepository.class);
    repository.save(new Unsalted("k", "v"));
    assertEquals(Optional.of(new Unsalted("k", "v")), repository.findByKey("k"));

    rowan.schema().recordLayout(Unsalted.class);

    assertTrue(rowan.schema().check(Unsalted.class).matches(), rowan.schema().check(Unsalted.class).toString());
    rowan.schema().create(Unsalted.class);
    refusedEverywhere(rowan, FourBuckets.class, FourBucketsRepository.class, drift, main(Unsalted.class),
        main(FourBuckets.class));
  }

  @Test
  void recordLayoutRefusesATableThatRecordsAnotherLayoutAndChangesNothing(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(FourBuckets.class);

    SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
        () -> rowan.schema().recordLayout(EightBuckets.class));

    assertTrue(e.getMessage().contains(main(EightBuckets.class).description()), e.getMessage());
    assertEquals(main(FourBuckets.class).fingerprint(),
        admin.getDescriptor(rowan.tableName("drift")).getValue("rowan.layout.fingerprint"));
  }
}
