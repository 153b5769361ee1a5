package dev.rowan.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The example service started as it runs, on a random port and an embedded HBase, and called over
 * HTTP: its answers are checked against what the test saved through it, its health and metrics
 * against what the starter promises (docs/spring.md).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OrdersApplicationIT {

  private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

  @TempDir
  static Path data;

  @DynamicPropertySource
  static void embeddedHBase(DynamicPropertyRegistry registry) {
    registry.add("rowan.embedded.data-directory", () -> data.resolve("hbase").toString());
  }

  private final HttpClient http = HttpClient.newHttpClient();
  private final JsonMapper json = JsonMapper.builder().build();

  @LocalServerPort
  int port;

  @Autowired
  Connection connection;

  @Test
  void servesOrdersAsSavedThroughItsEndpoints() throws Exception {
    List<Order> saved = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Order order = new Order("ORD-%04d".formatted(i), i % 3 == 0 ? "seller-a" : "seller-b",
          i % 2 == 0 ? "buyer-x" : "buyer-y", T0.plusSeconds(3600L * i), new BigDecimal(10 + i).movePointLeft(1),
          Order.Status.PLACED);
      assertEquals(201, send("POST", "/orders", order).statusCode());
      saved.add(order);
    }
    assertEquals(409, send("POST", "/orders", saved.get(0)).statusCode(), "a second order of the same number");

    Order paid = new Order("ORD-0004", "seller-b", "buyer-x", saved.get(4).createdAt(), saved.get(4).amount(),
        Order.Status.PAID);
    assertEquals(200, send("PUT", "/orders/ORD-0004", paid).statusCode());
    saved.set(4, paid);
    assertEquals("PAID", get("/orders/ORD-0004").get("status").asString());
    assertEquals(404, send("GET", "/orders/ORD-9999", null).statusCode());

    Instant from = T0.plusSeconds(3600L * 5);
    Instant to = T0.plusSeconds(3600L * 30);
    List<String> expectedSeller = saved.stream()
        .filter(o -> o.sellerId().equals("seller-b") && !o.createdAt().isBefore(from) && !o.createdAt().isAfter(to))
        .sorted(Comparator.comparing(Order::createdAt)).map(Order::orderNo).toList();
    assertEquals(expectedSeller, orderNos(get("/sellers/seller-b/orders?from=" + from + "&to=" + to)));

    List<String> expectedBuyer = saved.stream().filter(o -> o.buyerId().equals("buyer-x"))
        .sorted(Comparator.comparing(Order::createdAt).reversed()).map(Order::orderNo).toList();
    List<String> walked = new ArrayList<>();
    Set<String> statuses = new HashSet<>();
    String after = null;
    int windows = 0;
    do {
      JsonNode window = get("/buyers/buyer-x/orders?size=6" + (after == null ? ""
          : "&after=" + URLEncoder.encode(after, StandardCharsets.UTF_8)));
      window.get("orders").forEach(o -> statuses.add(o.get("orderNo").asString() + "=" + o.get("status").asString()));
      walked.addAll(orderNos(window.get("orders")));
      after = window.get("next").isNull() ? null : window.get("next").asString();
      windows++;
    } while (after != null && windows < 10);
    assertEquals(expectedBuyer, walked, "the buyer's orders, newest first, window after window");
    assertEquals(4, windows, "20 orders in windows of 6");
    assertTrue(statuses.contains("ORD-0004=PAID"), statuses.toString());
  }

  @Test
  void reportsHealthAndRepositoryMetrics() throws Exception {
    get("/buyers/buyer-z/orders?size=3");
    send("GET", "/sellers/seller-a/orders?from=" + T0 + "&to=" + T0.plusSeconds(60), null);

    JsonNode health = get("/actuator/health");
    assertEquals("UP", health.get("status").asString());
    JsonNode rowan = health.get("components").get("rowan");
    assertEquals("UP", rowan.get("status").asString(), rowan.toString());
    assertTrue(rowan.get("details").toString().contains("orders.seller"), rowan.toString());

    JsonNode timer = get("/actuator/metrics/rowan.repository?tag=rowan.method:findBySellerIdAndCreatedAtBetween");
    assertTrue(count(timer) >= 1, timer.toString());
    assertEquals(Set.of("OrderRepository"), tagValues(timer, "rowan.repository"), timer.toString());
    assertEquals(Set.of("orders.seller"), tagValues(timer, "rowan.table"), timer.toString());
    assertEquals(Set.of("range"), tagValues(timer, "rowan.access"), timer.toString());
    assertEquals(Set.of("success"), tagValues(timer, "outcome"), timer.toString());
    assertEquals(Set.of("none"), tagValues(timer, "exception"), timer.toString());
    JsonNode windows = get("/actuator/metrics/rowan.repository?tag=rowan.method:findByBuyerIdOrderByCreatedAtDesc");
    assertEquals(Set.of("OrderRepository"), tagValues(windows, "rowan.repository"), windows.toString());
    assertEquals(Set.of("orders.buyer"), tagValues(windows, "rowan.table"), windows.toString());
    JsonNode rowsRead = get("/actuator/metrics/rowan.repository.rows.read?tag=rowan.method:findBySellerIdAndCreatedAtBetween");
    assertNotNull(rowsRead.get("measurements"), rowsRead.toString());

    JsonNode invocations = get("/actuator/metrics/spring.data.repository.invocations?tag=repository:OrderRepository"
        + "&tag=method:findBySellerIdAndCreatedAtBetween");
    assertTrue(count(invocations) >= 1, invocations.toString());

    String prometheus = send("GET", "/actuator/prometheus", null).body();
    assertTrue(prometheus.contains("rowan_repository_seconds_count{"), "the timer in Prometheus' format");
  }

  @Test
  void refusesToStartWhenATableDriftedFromTheMapping() throws Exception {
    TableName orders = TableName.valueOf("orders");
    try (Admin admin = connection.getAdmin()) {
      admin.modifyColumnFamily(orders, ColumnFamilyDescriptorBuilder.newBuilder(
          admin.getDescriptor(orders).getColumnFamily(new byte[] {'d'})).setMaxVersions(3).build());
      try {
        RuntimeException failure = assertThrows(RuntimeException.class, () -> new SpringApplicationBuilder(
            OrdersApplication.class).web(WebApplicationType.NONE).run(
                "--rowan.schema.mode=validate", "--rowan.embedded.enabled=false",
                "--rowan.zookeeper.quorum=" + connection.getConfiguration().get("hbase.zookeeper.quorum"),
                "--rowan.zookeeper.port=" + connection.getConfiguration().get("hbase.zookeeper.property.clientPort")));
        String message = messages(failure);
        assertTrue(message.contains("Table orders, column family 'd': max versions is 3, expected 1"), message);
      } finally {
        admin.modifyColumnFamily(orders, ColumnFamilyDescriptorBuilder.newBuilder(
            admin.getDescriptor(orders).getColumnFamily(new byte[] {'d'})).setMaxVersions(1).build());
      }
    }
  }

  private static Set<String> tagValues(JsonNode metric, String tag) {
    Set<String> values = new HashSet<>();
    for (JsonNode available : metric.get("availableTags")) {
      if (available.get("tag").asString().equals(tag)) {
        available.get("values").forEach(v -> values.add(v.asString()));
      }
    }
    return values;
  }

  private static String messages(Throwable failure) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static double count(JsonNode metric) {
    for (JsonNode measurement : metric.get("measurements")) {
      if (measurement.get("statistic").asString().equals("COUNT")) {
        return measurement.get("value").asDouble();
      }
    }
    throw new AssertionError("no COUNT in " + metric);
  }

  private static List<String> orderNos(JsonNode orders) {
    List<String> numbers = new ArrayList<>();
    orders.forEach(o -> numbers.add(o.get("orderNo").asString()));
    return numbers;
  }

  private JsonNode get(String path) throws IOException, InterruptedException {
    HttpResponse<String> response = send("GET", path, null);
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return json.readTree(response.body());
  }

  private HttpResponse<String> send(String method, String path, Object body) throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request.header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
