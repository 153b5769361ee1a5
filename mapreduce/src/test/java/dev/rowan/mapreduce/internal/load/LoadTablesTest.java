package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoad;
import dev.rowan.mapreduce.Order;
import dev.rowan.mapreduce.Visit;
import dev.rowan.mapreduce.internal.hfile.EntityCells;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.mapping.EntityModel;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class LoadTablesTest {

  private static final EntityModel<Visit> VISITS = EntityModel.of(Visit.class);
  private static final List<LocalDate> PERIODS = List.of(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 2, 1));

  private static LoadTables visits() {
    Configuration conf = new Configuration(false);
    conf.setStrings(BulkLoadSettings.PERIODS, "2024-01-01", "2024-02-01");
    conf.set(BulkLoad.NAMESPACE, "shop");
    return LoadTables.of(VISITS, new EntityCells(VISITS), conf);
  }

  private static Object[] visitAt(String at) {
    return VISITS.values(new Visit("v", Instant.parse(at), "p", null, 1));
  }

  @Test
  void groupsEachPeriodsMainTableWithItsViewTablesOldestFirst() {
    assertEquals(List.of("shop:visits_2024_01", "shop:visits_2024_01.page", "shop:visits_2024_01.referrer",
        "shop:visits_2024_02", "shop:visits_2024_02.page", "shop:visits_2024_02.referrer"),
        visits().tables().stream().map(TableName::getNameAsString).toList());
    assertEquals(List.of(TableName.valueOf("shop", "visits_2024_01"), TableName.valueOf("shop", "visits_2024_02")),
        visits().mainTables());
  }

  @Test
  void sendsAnEntityToTheGroupOfItsPeriod() throws RejectedLineException {
    assertEquals(0, visits().group(visitAt("2024-01-31T23:59:59Z")));
    assertEquals(1, visits().group(visitAt("2024-02-01T00:00:00Z")));
  }

  @Test
  void rejectsAnEntityWhosePeriodHasNoTablesNamingTheTable() {
    RejectedLineException e = assertThrows(RejectedLineException.class,
        () -> visits().group(visitAt("2024-03-05T10:00:00Z")));

    assertEquals("Visit.at 2024-03-05T10:00:00Z belongs to period table shop:visits_2024_03, which does not exist;"
        + " a bulk load creates no tables: schema().createPeriods makes it, then load these lines again", e.getMessage());
  }

  @Test
  void namesTheRowCountersOfEachPeriodAfterItsTableSuffix() {
    assertArrayEquals(new String[] {"_2024_01 main", "_2024_01 view page", "_2024_01 view referrer", "_2024_02 main",
        "_2024_02 view page", "_2024_02 view referrer"}, visits().rowCounterNames());
  }

  @Test
  void keepsOneGroupForAnEntityInOneTable() throws RejectedLineException {
    EntityModel<Order> orders = EntityModel.of(Order.class);
    LoadTables tables = new LoadTables(orders, new EntityCells(orders), List.of(), TableName::valueOf);

    assertEquals(List.of(TableName.valueOf("orders"), TableName.valueOf("orders.seller"),
        TableName.valueOf("orders.buyer")), tables.tables());
    assertArrayEquals(new String[] {"main", "view seller", "view buyer"}, tables.rowCounterNames());
    assertEquals(0, tables.group(new Object[orders.properties().size()]));
    assertEquals(0, tables.periodTexts().length);
  }
}
