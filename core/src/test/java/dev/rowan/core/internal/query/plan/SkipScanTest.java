package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Key parts of few values that no condition binds, read one range per value (seed 002, section 5.1). */
class SkipScanTest {

  enum Protocol { HTTP, HTTPS, FTP, RTSP }

  /** The seed's traffic table: [month][protocol][cpId][at]. */
  @Table(name = "traffic", salt = @Salt(buckets = 2))
  record Traffic(@RowKey(order = 0) int month, @RowKey(order = 1) Protocol protocol, @RowKey(order = 2) String cpId,
      @RowKey(order = 3) long at, long bytes) {}

  /** A leading boolean part, and a view by cp that a skip scan must not beat. */
  @Table(name = "flags")
  @Index(name = "cp", key = {"cpId"})
  record Flagged(@RowKey(order = 0) boolean active, @RowKey(order = 1) String cpId, @RowKey(order = 2) long at,
      String note) {}

  /** Views led by an enum column, which may be null, and by a boolean one, which may not. */
  @Table(name = "tickets")
  @Index(name = "byProtocol", key = {"protocol", "size"})
  @Index(name = "byUrgent", key = {"urgent", "size"})
  record Ticket(@RowKey String id, Protocol protocol, boolean urgent, Long size) {}

  private static MethodPlan plan(Class<?> type, String method, int parameters) {
    EntityModel<?> model = EntityModel.of(type);
    List<ViewModel> views = ViewMaintainer.of(model).views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    return QueryPlanner.plan(MethodNameParser.parse(method, parameters, vocabulary), model, views);
  }

  @Test
  void aConditionOnAPartAfterAnEnumPartReadsOneRangePerValueOfIt() {
    AccessPlan plan = plan(Traffic.class, "findByMonthAndCpId", 2).groups().get(0);
    assertEquals(AccessPlan.Operation.SCAN, plan.access());
    assertEquals(List.of("month", "protocol", "cpId"), plan.prefix().stream().map(Condition::property).toList());
    assertTrue(plan.prefix().get(1).isEveryValue());
    assertEquals(1, plan.skippedParts());
    assertEquals(2, plan.boundParts(), "the skipped part is not counted as bound");
    List<Scan> scans = new ScanSpec(plan, EntityModel.of(Traffic.class), new Object[] {202611, "cp001"}, plan.read(),
        Bytes.toBytes("d"), 4096).scans(Integer.MAX_VALUE, null, false);
    assertEquals(2, scans.size(), "one scan per salt bucket");
    for (Scan scan : scans) {
      MultiRowRangeFilter ranges = (MultiRowRangeFilter) scan.getFilter(); // whole rows: no other filter
      assertEquals(4, ranges.getRowRanges().size(), "one range per protocol, read by the bucket's scan");
      assertTrue(ranges.getRowRanges().stream().allMatch(r -> r.getStartRow()[0] == scan.getStartRow()[0]),
          "every range of a scan is in its bucket");
    }
  }

  @Test
  void aRangeAfterTheSkippedPartKeepsTheSkipAndNothingAfterItDropsIt() {
    AccessPlan ranged = plan(Traffic.class, "findByMonthAndCpIdAndAtBetween", 4).groups().get(0);
    assertEquals(List.of("month", "protocol", "cpId"), ranged.prefix().stream().map(Condition::property).toList());
    assertEquals("at", ranged.range().property());
    AccessPlan alone = plan(Traffic.class, "findByMonth", 1).groups().get(0);
    assertEquals(List.of("month"), alone.prefix().stream().map(Condition::property).toList(),
        "no bound part after the protocol: no skip");
    AccessPlan bound = plan(Traffic.class, "findByMonthAndProtocol", 2).groups().get(0);
    assertEquals(0, bound.skippedParts());
  }

  @Test
  void aViewThatBindsAsManyPartsBeatsASkipScan() {
    AccessPlan plan = plan(Flagged.class, "findByCpId", 1).groups().get(0);
    assertEquals("cp", plan.view().name());
    AccessPlan ranged = plan(Flagged.class, "findByCpIdAndAtGreaterThan", 2).groups().get(0);
    assertNull(ranged.view(), "the main table binds two parts over a skipped boolean, the view one");
    assertEquals(List.of("active", "cpId"), ranged.prefix().stream().map(Condition::property).toList());
  }

  @Test
  void explainSaysWhichPartsAreSkippedOver() {
    MethodPlan plan = plan(Traffic.class, "findByMonthAndCpId", 2);
    String text = PlanText.explain("Traffic.findByMonthAndCpId", plan, EntityModel.of(Traffic.class));
    assertTrue(text.contains("  range scan on [month = ?1, protocol in every value, cpId = ?2]: one range per salt"
        + " bucket (2 buckets), merged in key order, a skip scan over [protocol] (one range per value)\n"), text);
  }

  @Test
  void theFirstPartOfAViewIsSkippedOnlyWhereItCannotBeNull() {
    AccessPlan plan = plan(Ticket.class, "findBySize", 1).groups().get(0);
    assertEquals("byUrgent", plan.view().name(),
        "an entity whose protocol is null has no row in view byProtocol: one range per protocol would miss it");
    assertTrue(plan.prefix().get(0).isEveryValue());
    AccessPlan byProtocol = plan(Ticket.class, "findByProtocolAndSize", 2).groups().get(0);
    assertEquals("byProtocol", byProtocol.view().name(), "bound, the leading enum is a range like any other");
  }
}
