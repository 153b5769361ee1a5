package dev.rowan.it.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RowanMeterObservationHandler;
import dev.rowan.core.observation.RowanTimerObservationHandler;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.read.OrderQueries;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapreduce.BulkLoad;
import dev.rowan.mapreduce.BulkLoadResult;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Repository calls and jobs reported to Micrometer (docs/observability.md), against a real HBase:
 * the {@code rowan.repository} timer and the costs of each call, with the values the calls made,
 * and HBase's own tracing spans nested under the span of the repository call that made them,
 * those made on Rowan's pool threads included.
 */
@HBaseTest
class ObservationsIT {

  private static final Instant DAY = Instant.parse("2026-11-24T10:00:00Z");
  /** A write lease the test's saves are all within, whatever its pace. */
  private static final java.time.Duration AN_HOUR = java.time.Duration.ofHours(1);

  private final MeterRegistry meters = new SimpleMeterRegistry();
  private final ObservationRegistry observations = ObservationRegistry.create();

  /** Rowan's timers ahead of Micrometer's, and Rowan's costs, as docs/observability.md ("Cheaper timers") shows. */
  ObservationsIT() {
    observations.observationConfig()
        .observationHandler(new FirstMatchingCompositeObservationHandler(
            new RowanTimerObservationHandler(meters), new DefaultMeterObservationHandler(meters)))
        .observationHandler(new RowanMeterObservationHandler(meters));
  }

  private static Order order(int number, String seller, String buyer) {
    return new Order("o-" + number, seller, buyer, DAY.plusSeconds(number), new BigDecimal(number + ".00"), null);
  }

  /** Three orders of seller-1 and buyer-1, one of seller-2 and buyer-2, saved by a Rowan that observes nothing. */
  private static void saveOrders(Connection connection, TestNamespace namespace) {
    saveOrders(connection, namespace, Rowan.DEFAULT_WRITE_LEASE);
  }

  /** The same, in tables that record {@code lease}, the write lease every client of them uses. */
  private static void saveOrders(Connection connection, TestNamespace namespace, java.time.Duration lease) {
    try (Rowan plain = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).build()) {
      plain.schema().create(Order.class);
      plain.repository(OrderQueries.class).saveAll(List.of(order(1, "seller-1", "buyer-1"),
          order(2, "seller-1", "buyer-1"), order(3, "seller-1", "buyer-1"), order(4, "seller-2", "buyer-2")));
    }
  }

  private DistributionSummary cost(String meter, String method) {
    return meters.get(meter).tag("rowan.repository", "OrderQueries").tag("rowan.method", method).summary();
  }

  private long timed(String method, String table, String access, String outcome, String exception) {
    return meters.get("rowan.repository").tag("rowan.repository", "OrderQueries").tag("rowan.method", method)
        .tag("rowan.table", table).tag("rowan.access", access).tag("outcome", outcome).tag("exception", exception)
        .timer().count();
  }

  /** A Rowan that reports its calls to {@code meters}, as docs/observability.md shows. */
  private static Rowan observed(Connection connection, String namespace, MeterRegistry meters) {
    ObservationRegistry observations = ObservationRegistry.create();
    observations.observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(new RowanMeterObservationHandler(meters));
    Rowan rowan = Rowan.builder(connection).namespace(namespace).observationRegistry(observations).build();
    return rowan;
  }

  @Test
  void aFindByKeyIsOneGetOfTheMainTable(Connection connection, TestNamespace namespace) {
    saveOrders(connection, namespace);
    try (Rowan rowan = observed(connection, namespace.name(), meters)) {
      OrderQueries orders = rowan.repository(OrderQueries.class);
      assertEquals("seller-1", orders.findByKey("o-2").orElseThrow().sellerId());
      assertTrue(orders.findByKey("o-9").isEmpty());
    }

    assertEquals(2, timed("findByKey", "orders", "get", "success", "none"));
    assertEquals(1, cost("rowan.repository.rows.read", "findByKey").totalAmount(), "o-9 has no row");
    assertEquals(1, cost("rowan.repository.rows.returned", "findByKey").totalAmount());
    assertEquals(2, cost("rowan.repository.rpcs", "findByKey").totalAmount(), "one get per call");
    assertEquals(0, cost("rowan.repository.retries", "findByKey").totalAmount());
  }

  @Test
  void aSaveWithViewsCountsItsCallsToHBaseAndTheRoundItRanAgain(Connection connection, TestNamespace namespace)
      throws Exception {
    saveOrders(connection, namespace);
    AtomicBoolean raced = new AtomicBoolean();
    ProtocolHook race = (step, table, keys) -> {
      if (step == Step.BEFORE_MAIN_WRITE && raced.compareAndSet(false, true)) {
        // another client writes the same order between this save's read and its commit
        CompletableFuture.runAsync(() -> {
          try (Rowan other = Rowan.builder(connection).namespace(namespace.name()).build()) {
            other.repository(OrderQueries.class).save(order(1, "seller-3", "buyer-1"));
          }
        }).join();
      }
    };
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(race).groupCommit(false)
        .observationRegistry(observations).build()) {
      rowan.repository(OrderQueries.class).save(order(1, "seller-2", "buyer-1"));
      assertEquals("seller-2", rowan.repository(OrderQueries.class).findByKey("o-1").orElseThrow().sellerId());
    }

    assertEquals(1, timed("save", "orders", "write", "success", "none"));
    assertEquals(1, cost("rowan.repository.retries", "save").totalAmount(), "its commit lost once to the race");
    // two rounds of: read the main row, write the unverified rows of the seller view (the buyer view's
    // row does not change), commit the main row; then settle the seller view's rows
    assertEquals(2 * (1 + 1 + 1) + 1, cost("rowan.repository.rpcs", "save").totalAmount());
    assertEquals(2, cost("rowan.repository.rows.read", "save").totalAmount(), "the main row, read in each round");
    assertEquals(0, cost("rowan.repository.rows.returned", "save").totalAmount());
  }

  @Test
  void aQueryThroughAViewIsARangeScanThatReadsAndReturnsItsRows(Connection connection, TestNamespace namespace) {
    saveOrders(connection, namespace, AN_HOUR);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(AN_HOUR)
        .observationRegistry(observations).build()) {
      List<Order> found = rowan.repository(OrderQueries.class)
          .findBySellerIdAndCreatedAtBetween("seller-1", DAY, DAY.plusSeconds(10));
      assertEquals(3, found.size());
    }

    assertEquals(1, timed("findBySellerIdAndCreatedAtBetween", "orders.seller", "range", "success", "none"));
    String method = "findBySellerIdAndCreatedAtBetween";
    // settled rows of a full copy, used as they are; the range is then read again for entities that
    // moved while it was read (its rows written within the write lease: all three, saved just before)
    assertEquals(3 + 3, cost("rowan.repository.rows.read", method).totalAmount());
    assertEquals(3, cost("rowan.repository.rows.returned", method).totalAmount());
    assertEquals(0, cost("rowan.repository.repairs", method).totalAmount());
    assertTrue(cost("rowan.repository.rpcs", method).totalAmount() >= 2 * 4, "a scan per salt bucket, twice");
  }

  @Test
  void aPageReadsOneRowMoreThanItReturnsAndCompletesThemFromTheMainTable(Connection connection,
      TestNamespace namespace) {
    saveOrders(connection, namespace, AN_HOUR);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(AN_HOUR)
        .observationRegistry(observations).build()) {
      OrderQueries orders = rowan.repository(OrderQueries.class);
      Page<Order> first = orders.findByBuyerIdAndCreatedAtAfter("buyer-1", DAY, PageRequest.of(2));
      assertEquals(2, first.content().size());
      Page<Order> second = orders.findByBuyerIdAndCreatedAtAfter("buyer-1", DAY, first.next());
      assertEquals(1, second.content().size());
    }

    String method = "findByBuyerIdAndCreatedAtAfter";
    assertEquals(2, timed(method, "orders.buyer", "range", "success", "none"));
    assertEquals(3, cost("rowan.repository.rows.returned", method).totalAmount());
    assertEquals(2, cost("rowan.repository.rows.returned", method).max());
    // each page reads one view row more than it returns (3, then the last 1), completes each by its
    // main row (the buyer view carries only the amount), and looks again at the range it read for
    // entities that moved while it read (the rows written within the write lease: 3, then 1)
    assertEquals((3 + 3 + 3) + (1 + 1 + 1), cost("rowan.repository.rows.read", method).totalAmount());
  }

  @Test
  void aFailedCallIsTimedAsAnErrorNamingItsException(Connection connection, TestNamespace namespace) {
    saveOrders(connection, namespace);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).observationRegistry(observations)
        .build()) {
      OrderQueries orders = rowan.repository(OrderQueries.class);
      assertThrows(EntityExistsException.class, () -> orders.insert(order(2, "seller-9", "buyer-9")));
    }

    assertEquals(1, timed("insert", "orders", "write", "error", "EntityExistsException"));
    assertEquals(0, meters.find("rowan.repository").tag("rowan.method", "insert").tag("outcome", "success")
        .timers().size());
    assertEquals(1, cost("rowan.repository.rows.read", "insert").totalAmount(), "the row it found taken");
  }

  @Test
  void aBulkLoadAndAViewCheckAreJobsWithTheirCounters(Connection connection, TestNamespace namespace, @TempDir Path dir) {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).observationRegistry(observations)
        .build()) {
      rowan.schema().create(Order.class);
      Path csv = csv(dir.resolve("orders.csv"), List.of(order(1, "seller-1", "buyer-1"),
          order(2, "seller-1", null), order(3, "seller-2", "buyer-2")));
      Configuration conf = new Configuration(connection.getConfiguration());
      conf.set("mapreduce.framework.name", "local");
      conf.set("fs.defaultFS", "file:///");
      conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
      BulkLoadResult result = BulkLoad.of(Order.class).input(csv.toString()).namespace(namespace.name())
          .observationRegistry(rowan.observationRegistry()).run(conf);
      assertEquals(3, result.entities(), result.summary());
      assertTrue(VerifyViews.of(rowan, Order.class).configuration(conf).check().stream()
          .allMatch(ViewReport::consistent));
    }

    assertEquals(1, meters.get("rowan.job").tag("rowan.job", "bulk-load").tag("rowan.entity", "Order")
        .tag("outcome", "success").tag("exception", "none").timer().count());
    assertEquals(3, meters.get("rowan.job.lines").tag("rowan.job", "bulk-load").summary().totalAmount());
    assertEquals(3, meters.get("rowan.job.entities").tag("rowan.job", "bulk-load").summary().totalAmount());
    assertEquals(0, meters.get("rowan.job.rejected").tag("rowan.job", "bulk-load").summary().totalAmount());
    assertEquals(3, meters.get("rowan.job.table.rows").tag("rowan.job", "bulk-load").tag("rowan.table", "orders")
        .summary().totalAmount());
    assertEquals(2, meters.get("rowan.job.table.rows").tag("rowan.job", "bulk-load").tag("rowan.table", "orders.buyer")
        .summary().totalAmount(), "an order without buyer has no row in the buyer view");

    assertEquals(1, meters.get("rowan.job").tag("rowan.job", "verify-views").tag("outcome", "success").timer().count());
    assertEquals(3 + 2, meters.get("rowan.job.rows").tag("rowan.job", "verify-views").summary().totalAmount(),
        "the rows of both views");
    assertEquals(0, meters.get("rowan.job.missing").tag("rowan.job", "verify-views").summary().totalAmount());
    assertEquals(3, meters.get("rowan.job.table.rows").tag("rowan.job", "verify-views")
        .tag("rowan.table", "orders.seller").summary().totalAmount());
  }

  private static Path csv(Path file, List<Order> orders) {
    EntityModel<Order> model = EntityModel.of(Order.class);
    List<String> lines = new ArrayList<>();
    lines.add(model.properties().stream().map(PropertyModel::name).collect(Collectors.joining(",")));
    for (Order order : orders) {
      List<String> fields = new ArrayList<>();
      for (Object value : model.values(order)) {
        fields.add(value == null ? "" : value.toString());
      }
      lines.add(String.join(",", fields));
    }
    try {
      return Files.write(file, lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void hbaseSpansNestUnderTheSpanOfTheRepositoryCallThatMadeThem(Connection connection, TestNamespace namespace) {
    saveOrders(connection, namespace);
    InMemorySpanExporter exported = InMemorySpanExporter.create();
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(new ThreadNames())
        .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();
    OpenTelemetrySdk otel = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    GlobalOpenTelemetry.resetForTest();
    GlobalOpenTelemetry.set(otel); // HBase makes its spans with GlobalOpenTelemetry's tracer
    try {
      ObservationRegistry traced = ObservationRegistry.create();
      traced.observationConfig().observationHandler(new DefaultTracingObservationHandler(
          new OtelTracer(otel.getTracer("rowan-it"), new OtelCurrentTraceContext(), event -> {})));
      try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).observationRegistry(traced).build()) {
        OrderQueries orders = rowan.repository(OrderQueries.class);
        assertEquals(3, orders.findBySellerIdAndCreatedAtBetween("seller-1", DAY, DAY.plusSeconds(10)).size());
        orders.save(order(5, "seller-5", "buyer-5"));
      }
      List<SpanData> spans = exported.getFinishedSpanItems();
      Map<String, SpanData> byId = spans.stream().collect(Collectors.toMap(SpanData::getSpanId, Function.identity()));
      String ns = namespace.name() + ":";

      SpanData query = only(spans, "OrderQueries.findBySellerIdAndCreatedAtBetween");
      List<SpanData> scans = named(spans, "SCAN " + ns + "orders.seller");
      assertEquals(4, scans.size(),
          "a scan per salt bucket, and no second look: the rows entities left are retired, not deleted");
      scans.forEach(scan -> assertTrue(descends(scan, query, byId), scan.getName() + " under the query"));
      assertTrue(scans.stream().anyMatch(scan -> thread(scan).startsWith("rowan-call-")),
          "scanners opened on Rowan's pool threads: " + scans.stream().map(ObservationsIT::thread).toList());

      SpanData save = only(spans, "OrderQueries.save");
      List<SpanData> writes = new ArrayList<>(named(spans, "BATCH " + ns + "orders.seller"));
      writes.addAll(named(spans, "BATCH " + ns + "orders.buyer"));
      writes.addAll(named(spans, "CHECK_AND_MUTATE " + ns + "orders"));
      assertTrue(writes.size() >= 5, "unverified rows and settles of two views, and the commit: " + writes);
      writes.forEach(write -> assertTrue(descends(write, save, byId), write.getName() + " under the save"));
      assertTrue(writes.stream().anyMatch(write -> thread(write).startsWith("rowan-call-")),
          "view rows written on Rowan's pool threads: " + writes.stream().map(ObservationsIT::thread).toList());

      System.out.println("The trace of a query of the salted orders through their seller view:");
      print(query, spans, "", query.getStartEpochNanos(), namespace.name());
      System.out.println("The trace of a save of an order with two views:");
      print(save, spans, "", save.getStartEpochNanos(), namespace.name());
    } finally {
      GlobalOpenTelemetry.resetForTest();
      provider.close();
    }
  }

  /** Records on each span the thread that started it. */
  private static final class ThreadNames implements SpanProcessor {
    static final AttributeKey<String> THREAD = AttributeKey.stringKey("thread.name");

    @Override
    public void onStart(Context parent, ReadWriteSpan span) {
      span.setAttribute(THREAD, Thread.currentThread().getName());
    }

    @Override
    public boolean isStartRequired() {
      return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {}

    @Override
    public boolean isEndRequired() {
      return false;
    }
  }

  private static String thread(SpanData span) {
    String name = span.getAttributes().get(ThreadNames.THREAD);
    return name == null ? "" : name;
  }

  private static List<SpanData> named(List<SpanData> spans, String name) {
    return spans.stream().filter(span -> span.getName().equals(name)).toList();
  }

  private static SpanData only(List<SpanData> spans, String name) {
    List<SpanData> found = named(spans, name);
    assertEquals(1, found.size(), name + " among " + spans.stream().map(SpanData::getName).distinct().toList());
    return found.get(0);
  }

  /** Whether {@code ancestor} is a parent of {@code span}, or of its parent, and so on. */
  private static boolean descends(SpanData span, SpanData ancestor, Map<String, SpanData> byId) {
    SpanData at = span;
    while (at != null && at.getParentSpanContext().isValid()) {
      if (at.getParentSpanId().equals(ancestor.getSpanId())) {
        return true;
      }
      at = byId.get(at.getParentSpanId());
    }
    return false;
  }

  /**
   * Prints {@code span} and the spans under it as an indented tree: name (the test's namespace shown
   * as {@code ns}), start after the root and duration in ms, and the thread that started it.
   */
  private static void print(SpanData span, List<SpanData> spans, String indent, long origin, String namespace) {
    System.out.printf("%-70s +%5.1f ms %5.1f ms  %s%n", indent + span.getName().replace(namespace + ":", "ns:"),
        (span.getStartEpochNanos() - origin) / 1e6, (span.getEndEpochNanos() - span.getStartEpochNanos()) / 1e6,
        thread(span));
    spans.stream().filter(child -> child.getParentSpanId().equals(span.getSpanId()))
        .sorted(java.util.Comparator.comparingLong(SpanData::getStartEpochNanos))
        .forEach(child -> print(child, spans, indent + "  ", origin, namespace));
  }
}
