package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.Versioned;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The application's principal, with READ and WRITE on its namespace and nothing else, uses every
 * repository operation on every entity shape: tall and wide, salted, with full, narrow and unique
 * views, with history, and kept in one table per period. The superuser made the tables.
 */
@SecureHBaseTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AppRepositoryIT {

  /** Tall, without views: partial updates and counters. */
  @Table(name = "products")
  record Product(@RowKey String sku, @Column String name, @Column long stock) {}

  interface Products extends HBaseRepository<Product> {
    boolean updateNameBySku(String name, String sku);

    long addToStockBySku(long delta, String sku);

    List<Product> findBySkuStartingWith(String prefix);
  }

  /** Wide: every line of an order in the order's row. */
  @Table(name = "lines")
  record Line(@RowKey String orderNo, @ColumnKey int line, @Column String product, @Column int quantity) {}

  interface Lines extends HBaseRepository<Line> {
    List<Line> findByOrderNo(String orderNo);

    List<Line> findByOrderNoAndLineBetween(String orderNo, int from, int to);

    long countByOrderNo(String orderNo);
  }

  /** A unique view. */
  @Table(name = "accounts")
  @Index(name = "email", key = "email", unique = true)
  record Account(@RowKey String id, @Column String email, @Column String name) {}

  interface Accounts extends HBaseRepository<Account> {
    Optional<Account> findByEmail(String email);

    boolean existsByEmail(String email);
  }

  /** History (five versions) and a narrow view. */
  @Table(name = "tickets")
  @Family(name = "t", maxVersions = 5)
  @Index(name = "owner", key = {"owner", "id"}, include = "state")
  record Ticket(@RowKey String id, @Column String owner, @Column String state) {}

  interface Tickets extends HBaseRepository<Ticket> {
    List<Versioned<Ticket>> findVersionsById(String id);

    List<Ticket> findByOwner(String owner);
  }

  /** One table per month, with a view in each. */
  @Table(name = "device_events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 1)
  @Index(name = "type", key = {"type", "at"})
  record DeviceEvent(@RowKey(order = 0) String deviceId, @RowKey(order = 1) @Descending Instant at,
      @Column String type, @Column long value) {}

  interface DeviceEvents extends HBaseRepository<DeviceEvent> {
    List<DeviceEvent> findByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to);

    List<DeviceEvent> findByTypeAndAtBetween(String type, Instant from, Instant to);

    long countByTypeAndAtBetween(String type, Instant from, Instant to);
  }

  private static final LocalDate FIRST_MONTH = LocalDate.of(2025, 1, 1);

  private SecureCluster cluster;
  private String namespace;
  private Principal app;

  @BeforeAll
  void tablesMadeByTheSuperuserAndTheAppGrantedReadAndWrite(SecureCluster cluster) {
    this.cluster = cluster;
    namespace = cluster.createNamespace("AppRepositoryIT");
    try (Rowan admin = Fixtures.superuserRowan(cluster, namespace)) {
      for (Class<?> type : List.of(Order.class, Product.class, Line.class, Account.class, Ticket.class)) {
        admin.schema().create(type);
      }
      admin.schema().createPeriods(DeviceEvent.class, FIRST_MONTH, FIRST_MONTH.plusMonths(2));
    }
    app = cluster.principal("app");
    cluster.grant(app, namespace, Action.READ, Action.WRITE);
  }

  @Test
  void savesInsertsUpdatesDeletesAndQueriesSaltedOrdersThroughFullAndNarrowViews() {
    try (Rowan rowan = app.rowan(namespace)) {
      OrderRepository orders = rowan.repository(OrderRepository.class);
      List<Order> all = new ArrayList<>(Fixtures.orders(0, 12));
      orders.save(all.get(0));
      orders.saveAll(all.subList(1, 11));
      orders.insert(all.get(11));
      assertThrows(EntityExistsException.class, () -> orders.insert(all.get(11)));
      assertTrue(orders.updateNoteByOrderNo("changed", "order-4"));
      all.set(4, all.get(4).withNote("changed"));
      orders.delete(all.get(5));
      orders.deleteByKey("order-6");
      all.remove(6);
      all.remove(5);

      assertEquals(Optional.of(all.get(4)), orders.findByKey("order-4"));
      assertEquals(Optional.empty(), orders.findByKey("order-5"));
      for (String seller : List.of("seller-0", "seller-1", "seller-2")) {
        List<Order> expected = all.stream().filter(o -> o.sellerId().equals(seller))
            .sorted(Comparator.comparing(Order::createdAt)).toList();
        assertEquals(expected, orders.findBySellerId(seller), seller);
        assertEquals(expected.size(), orders.countBySellerId(seller), seller);
        assertEquals(expected.subList(1, expected.size() - 1), orders.findBySellerIdAndCreatedAtBetween(seller,
            expected.get(1).createdAt(), expected.get(expected.size() - 2).createdAt()), seller);
        List<Order> newestFirst = expected.stream().sorted(Comparator.comparing(Order::createdAt).reversed()).toList();
        assertEquals(newestFirst.subList(0, 2), orders.findTop2BySellerIdOrderByCreatedAtDesc(seller), seller);
        List<Order> paged = new ArrayList<>();
        PageRequest request = PageRequest.of(2);
        do {
          Page<Order> page = orders.findBySellerIdOrderByCreatedAtDesc(seller, request);
          paged.addAll(page.content());
          request = page.next();
        } while (request != null);
        assertEquals(newestFirst, paged, "pages of " + seller);
      }
      for (String buyer : List.of("buyer-0", "buyer-1", "buyer-2", "buyer-3")) {
        List<Order> expected = all.stream().filter(o -> o.buyerId().equals(buyer))
            .sorted(Comparator.comparing(Order::createdAt)).toList();
        assertEquals(expected, orders.findByBuyerId(buyer), buyer);
        assertEquals(expected.size(), orders.countByBuyerId(buyer), buyer);
        assertEquals(!expected.isEmpty(), orders.existsByBuyerId(buyer), buyer);
        try (Stream<Order> stream = orders.streamByBuyerIdOrderByCreatedAtDesc(buyer)) {
          assertEquals(expected.stream().sorted(Comparator.comparing(Order::createdAt).reversed()).toList(),
              stream.toList(), buyer);
        }
      }
      assertEquals(all.size(), orders.scanAll().count());
      assertTrue(orders.explain("findBySellerId").contains("seller"), orders.explain("findBySellerId"));
    }
  }

  @Test
  void updatesCountsAndFindsTallProductsWithoutViews() {
    try (Rowan rowan = app.rowan(namespace)) {
      Products products = rowan.repository(Products.class);
      products.save(new Product("sku-1", "bolt", 10));
      products.saveAll(List.of(new Product("sku-2", "nut", 5), new Product("sku-3", "washer", 0)));
      products.insert(new Product("sku-4", "screw", 1));
      assertTrue(products.updateNameBySku("hex bolt", "sku-1"));
      assertFalse(products.updateNameBySku("none", "sku-9"));
      assertEquals(13, products.addToStockBySku(3, "sku-1"));
      products.deleteByKey("sku-3");
      assertEquals(Optional.of(new Product("sku-1", "hex bolt", 13)), products.findByKey("sku-1"));
      assertEquals(List.of(new Product("sku-1", "hex bolt", 13), new Product("sku-2", "nut", 5),
          new Product("sku-4", "screw", 1)), products.findBySkuStartingWith("sku-"));
    }
  }

  @Test
  void writesAndReadsTheLinesOfAWideRow() {
    try (Rowan rowan = app.rowan(namespace)) {
      Lines lines = rowan.repository(Lines.class);
      List<Line> written = List.of(new Line("o-1", 1, "bolt", 2), new Line("o-1", 2, "nut", 4),
          new Line("o-1", 3, "washer", 8));
      lines.saveAll(written);
      lines.insert(new Line("o-1", 4, "screw", 1));
      lines.delete(written.get(1));
      assertEquals(Optional.of(written.get(0)), lines.findByKey("o-1", 1));
      assertEquals(List.of(written.get(0), written.get(2), new Line("o-1", 4, "screw", 1)), lines.findByOrderNo("o-1"));
      assertEquals(List.of(written.get(2)), lines.findByOrderNoAndLineBetween("o-1", 2, 3));
      assertEquals(3, lines.countByOrderNo("o-1"));
    }
  }

  @Test
  void claimsAndReleasesTheKeysOfAUniqueView() {
    try (Rowan rowan = app.rowan(namespace)) {
      Accounts accounts = rowan.repository(Accounts.class);
      accounts.save(new Account("a-1", "ann@example.com", "Ann"));
      accounts.save(new Account("a-2", "bob@example.com", "Bob"));
      accounts.save(new Account("a-1", "ann@example.org", "Ann")); // releases ann@example.com
      accounts.save(new Account("a-3", "ann@example.com", "Another Ann"));
      assertEquals(Optional.of(new Account("a-3", "ann@example.com", "Another Ann")),
          accounts.findByEmail("ann@example.com"));
      accounts.deleteByKey("a-2");
      assertFalse(accounts.existsByEmail("bob@example.com"));
      assertThrows(dev.rowan.core.UniqueViolationException.class,
          () -> accounts.save(new Account("a-4", "ann@example.org", "Third Ann")));
    }
  }

  @Test
  void keepsTheHistoryOfTicketsAndFindsThemByOwner() {
    try (Rowan rowan = app.rowan(namespace)) {
      Tickets tickets = rowan.repository(Tickets.class);
      tickets.save(new Ticket("t-1", "ann", "open"));
      tickets.save(new Ticket("t-1", "bob", "assigned"));
      tickets.save(new Ticket("t-1", "bob", "closed"));
      List<Versioned<Ticket>> versions = tickets.findVersionsById("t-1");
      assertEquals(List.of("closed", "assigned", "open"), versions.stream().map(v -> v.entity().state()).toList());
      assertEquals(List.of(new Ticket("t-1", "bob", "closed")), tickets.findByOwner("bob"));
      assertEquals(List.of(), tickets.findByOwner("ann"));
    }
  }

  @Test
  void writesAndQueriesEventsAcrossTheTablesOfSeveralMonths() {
    try (Rowan rowan = app.rowan(namespace)) {
      DeviceEvents events = rowan.repository(DeviceEvents.class);
      List<DeviceEvent> written = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        written.add(new DeviceEvent("dev-" + i % 2, FIRST_MONTH.plusDays(i * 9L).atStartOfDay().toInstant(
            java.time.ZoneOffset.UTC), i % 3 == 0 ? "alarm" : "boot", i));
      }
      events.saveAll(written);
      events.delete(written.get(8));
      written.remove(8);
      Instant from = written.get(0).at();
      Instant to = written.get(written.size() - 1).at();
      assertEquals(written.stream().filter(e -> e.deviceId().equals("dev-0"))
              .sorted(Comparator.comparing(DeviceEvent::at).reversed()).toList(),
          events.findByDeviceIdAndAtBetweenOrderByAtDesc("dev-0", from, to));
      List<DeviceEvent> alarms = written.stream().filter(e -> e.type().equals("alarm")).toList();
      assertEquals(alarms.size(), events.findByTypeAndAtBetween("alarm", from, to).size());
      assertEquals(alarms.size(), events.countByTypeAndAtBetween("alarm", from, to));
      assertEquals(Optional.of(written.get(1)), events.findByKey(written.get(1).deviceId(), written.get(1).at()));
    }
  }
}
