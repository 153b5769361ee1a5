package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Views damaged on purpose are reported exactly, and repaired or rebuilt to equal their rebuild. */
@HBaseTest
class VerifyViewsIT {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final ViewModel BUYER = ViewMaintainer.of(MODEL).view("buyer").orElseThrow();

  @Test
  void reportsMissingStaleAndOrphanRowsAndRepairsThem(Rowan rowan) throws IOException {
    long seed = System.nanoTime();
    System.out.println("VerifyViewsIT seed " + seed);
    Map<String, Order> orders = saveOrders(rowan, new Random(seed));
    assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent));

    damage(rowan, new ArrayList<>(orders.values()));
    List<ViewReport> found = VerifyViews.of(rowan, Order.class).check();

    assertCounts(found.get(0), 3, 2, 2);
    assertCounts(found.get(1), 1, 1, 0);
    assertEquals(0, found.get(0).repaired());
    assertTrue(found.get(0).samples().stream().anyMatch(s -> s.startsWith("missing ")), found.get(0).summary());

    List<ViewReport> repaired = VerifyViews.of(rowan, Order.class).repair();

    assertCounts(repaired.get(0), 3, 2, 2);
    assertEquals(7, repaired.get(0).repaired(), repaired.get(0).summary());
    assertEquals(2, repaired.get(1).repaired(), repaired.get(1).summary());
    assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent));
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    BulkLoadReloadIT.assertQueriesAnswer(rowan.repository(OrderRepository.class), orders.values());

    Order changed = BulkLoadReloadIT.change(new Random(seed), orders.values().iterator().next());
    rowan.repository(OrderRepository.class).save(changed); // a save after a repair's fences still wins
    orders.put(changed.orderNo(), changed);
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    BulkLoadReloadIT.assertQueriesAnswer(rowan.repository(OrderRepository.class), orders.values());
  }

  @Test
  void rebuildsDamagedViewsFromTheMainTable(Rowan rowan) throws IOException {
    long seed = System.nanoTime();
    System.out.println("VerifyViewsIT seed " + seed);
    Map<String, Order> orders = saveOrders(rowan, new Random(seed));
    damage(rowan, new ArrayList<>(orders.values()));

    List<ViewReport> rebuilt = RebuildViews.of(rowan, Order.class).run();

    // The loaded HFiles bring back the 3 deleted rows (a delete masks only what was written
    // before it); the 2 stale rows are newer than the loaded cells, and the orphans are not loaded.
    // The orphan planted for order 5 makes the repair fence order 5's main row, and the unverified
    // buyer row planted for order 7 makes the buyer view's repair fence order 7's; when either
    // happens (in another map task) before that order's loaded seller row is settled, that row is
    // found stale too.
    ViewReport seller = rebuilt.get(0);
    assertEquals(0, seller.missing(), seller.summary());
    assertEquals(2, seller.orphans(), seller.summary());
    assertTrue(seller.stale() >= 2 && seller.stale() <= 4, seller.summary());
    assertEquals(orders.size() + seller.stale() + 2, seller.repaired(), "every row loaded, then the stale rows"
        + " rewritten and the orphans deleted: " + seller.summary());
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    BulkLoadReloadIT.assertQueriesAnswer(rowan.repository(OrderRepository.class), orders.values());
  }

  @Test
  void countsAnUndecodableViewRowAsAnOrphanAndNamesIt(Rowan rowan) throws IOException {
    Map<String, Order> orders = saveOrders(rowan, new Random(1));
    byte[] junk = Bytes.toBytesBinary("\\x01junk-without-terminator");
    try (Table seller = rowan.connection().getTable(rowan.tableName(SELLER.tableName()))) {
      seller.put(new Put(junk).addColumn(SELLER.statusFamily(), Bytes.toBytes("a"), Bytes.toBytes("x")));
    }

    List<ViewReport> found = VerifyViews.of(rowan, Order.class).check();

    assertCounts(found.get(0), 0, 0, 1);
    assertEquals(List.of("orphan \\x01junk-without-terminator"), found.get(0).samples(), found.get(0).summary());
    assertTrue(found.get(1).consistent(), found.get(1).summary());
    List<ViewReport> repaired = VerifyViews.of(rowan, Order.class).repair();
    assertEquals(1, repaired.get(0).repaired(), repaired.get(0).summary());
    assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent));
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    BulkLoadReloadIT.assertQueriesAnswer(rowan.repository(OrderRepository.class), orders.values());
  }

  @dev.rowan.mapping.annotation.Table(name = "members")
  @Index(name = "email", key = {"email"}, unique = true)
  record Member(@RowKey String id, @Column(name = "e") String email) {}

  interface MemberRepository extends HBaseRepository<Member> {
    Optional<Member> findByEmail(String email);
  }

  private static final EntityModel<Member> MEMBER = EntityModel.of(Member.class);
  private static final ViewModel EMAIL = ViewMaintainer.of(MEMBER).view("email").orElseThrow();

  @Test
  void repairGivesAUniqueKeyWhoseOwnerCellWasDamagedBackToItsOwner(Rowan rowan) throws IOException {
    MemberRepository members = damagedOwners(rowan);

    List<ViewReport> found = VerifyViews.of(rowan, Member.class).check();
    assertCounts(found.get(0), 2, 0, 2);
    List<ViewReport> repaired = VerifyViews.of(rowan, Member.class).repair();
    assertTrue(repaired.get(0).repaired() >= 2, repaired.get(0).summary());

    assertOwnedByTheirEntities(rowan, members);
  }

  @Test
  void rebuildGivesAUniqueKeyWhoseOwnerCellWasDamagedBackToItsOwner(Rowan rowan) throws IOException {
    MemberRepository members = damagedOwners(rowan);
    // Reads neither fail nor return another entity: a junk owner names no entity, and a row
    // without owner is deleted as an orphan (the rebuild gives both keys back to their entities).
    assertEquals(Optional.empty(), members.findByEmail("a@x"));
    assertEquals(Optional.empty(), members.findByEmail("b@x"));

    RebuildViews.of(rowan, Member.class).run();

    assertOwnedByTheirEntities(rowan, members);
  }

  /** Members a, b and c; the owner cell of a's key replaced by junk, the one of b's key deleted. */
  private static MemberRepository damagedOwners(Rowan rowan) throws IOException {
    rowan.schema().create(Member.class);
    MemberRepository members = rowan.repository(MemberRepository.class);
    for (String id : List.of("a", "b", "c")) {
      members.save(new Member(id, id + "@x"));
    }
    try (Table view = rowan.connection().getTable(rowan.tableName(EMAIL.tableName()))) {
      view.put(new Put(emailKey("a@x")).addColumn(EMAIL.statusFamily(), Qualifier.OWNER.bytes(),
          System.currentTimeMillis() + 10_000, Bytes.toBytes("junk")));
      view.delete(new Delete(emailKey("b@x")).addColumns(EMAIL.statusFamily(), Qualifier.OWNER.bytes()));
    }
    return members;
  }

  private static void assertOwnedByTheirEntities(Rowan rowan, MemberRepository members) throws IOException {
    assertTrue(VerifyViews.of(rowan, Member.class).check().stream().allMatch(ViewReport::consistent));
    ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    for (String id : List.of("a", "b", "c")) {
      assertEquals(Optional.of(new Member(id, id + "@x")), members.findByEmail(id + "@x"));
      assertThrows(UniqueViolationException.class, () -> members.save(new Member("other-" + id, id + "@x")),
          "the key stays owned");
    }
  }

  private static byte[] emailKey(String email) {
    return EMAIL.rowKey(MEMBER.values(new Member("any", email)));
  }

  static Map<String, Order> saveOrders(Rowan rowan, Random random) {
    rowan.schema().create(Order.class);
    Map<String, Order> orders = new LinkedHashMap<>();
    for (Order order : LoadFixtures.orders(random, 200)) {
      orders.put(order.orderNo(), order.buyerId() == null ? new Order(order.orderNo(), order.sellerId(), "buyer-0",
          order.createdAt(), order.amount(), order.note()) : order);
    }
    rowan.repository(OrderRepository.class).saveAll(orders.values());
    return orders;
  }

  /**
   * Seller view: 3 rows deleted (missing); 2 rows overwritten with another amount, verified and
   * newer than their entity (stale); 2 rows planted, one for a seller its entity does not have
   * and one for an entity that does not exist (orphans). Buyer view: 1 row deleted, 1 row marked
   * unverified.
   */
  @Test
  void repairsBothRowsThatADeadWriteLeftInOneView(Connection connection, TestNamespace namespace) throws IOException {
    AtomicBoolean dies = new AtomicBoolean();
    ProtocolHook hook = (step, table, keys) -> {
      if (dies.get() && step == ProtocolHook.Step.BEFORE_MAIN_WRITE) {
        throw new IllegalStateException("the writer dies before its main row");
      }
    };
    Duration lease = Duration.ofMillis(300);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).writeLease(lease)
        .build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Instant at = Instant.ofEpochSecond(1_700_000_000L);
      Order order = new Order("order-1", "seller-1", "buyer-1", at, BigDecimal.ONE, null);
      orders.save(order);
      orders.save(order); // found stored: the next save reads its row rather than guess it new
      dies.set(true);
      assertThrows(IllegalStateException.class,
          () -> orders.save(new Order("order-1", "seller-2", "buyer-2", at, BigDecimal.ONE, null)));
      dies.set(false);
      List<ViewReport> before = VerifyViews.of(rowan, Order.class).check();
      // seller-1's row unverified; seller-2's awaits its retirement, no fault: readers and repairs retire it once no
      // settle of a write of the entity can land on it
      assertCounts(before.get(0), 0, 1, 0);
      sleep(2 * lease.toMillis() + 200);
      VerifyViews.of(rowan, Order.class).repair();
      byte[] left = SELLER.rowKey(MODEL.values(new Order("order-1", "seller-2", "buyer-2", at, BigDecimal.ONE, null)));
      try (Table seller = connection.getTable(rowan.tableName(SELLER.tableName()))) {
        assertEquals(State.RETIRED, ViewRowVerdict.observed(SELLER, seller.get(new Get(left))).state(),
            "the repair retired the row the dead write left");
      }
      assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent),
          "one repair fixes both rows of the entity, though the first fences its main row");
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  /**
   * An insert whose writer pauses between its view rows and its commit for longer than its settle
   * window: a repair then deletes its view rows, as a row no stored entity maps to, but first fences
   * the empty main row, so that the insert's commit (on "no status yet") fails, and the insert
   * writes its rows again. Without the fence the commit went through over a retired view row,
   * whose settle was past its window: the order was stored and missing from its views once the
   * retired cell expired.
   */
  @Test
  void aRepairFencesTheEmptyMainRowOfAPausedInsertSoThatItCannotCommitWithoutItsViewRows(Connection connection,
      TestNamespace namespace) throws Exception {
    FirstCommitPaused hook = new FirstCommitPaused();
    Duration lease = Duration.ofMillis(300);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).writeLease(lease)
        .build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order order = new Order("order-1", "seller-1", "buyer-1", Instant.ofEpochSecond(1_700_000_000L),
          BigDecimal.ONE, null);
      ExecutorService writer = Executors.newSingleThreadExecutor();
      try {
        Future<?> insert = writer.submit(() -> orders.insert(order));
        assertTrue(hook.paused.await(30, TimeUnit.SECONDS), "the insert wrote its view rows");
        sleep(2 * lease.toMillis() + 200); // past the settle window: a repair deletes the insert's rows
        List<ViewReport> repaired = VerifyViews.of(rowan, Order.class).repair();
        assertEquals(1, repaired.get(0).orphans(), repaired.get(0).summary());
        hook.resume.countDown();
        insert.get(30, TimeUnit.SECONDS);
        assertEquals(Optional.of(order), orders.findByKey("order-1"));
        try (Table seller = connection.getTable(rowan.tableName(SELLER.tableName()))) {
          RowStatus status = ViewRowVerdict.observed(SELLER, seller.get(new Get(SELLER.rowKey(MODEL.values(order)))));
          assertEquals(State.VERIFIED, status == null ? null : status.state(),
              "the insert, fenced, wrote its view row again and settled it: " + status);
        }
        ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
      } finally {
        hook.resume.countDown();
        writer.shutdownNow();
      }
    }
  }

  @Test
  void aRepairFencesTheEmptyMainRowOfAPausedInsertThatClaimedAUniqueKey(Connection connection,
      TestNamespace namespace) throws Exception {
    FirstCommitPaused hook = new FirstCommitPaused();
    Duration lease = Duration.ofMillis(300);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).writeLease(lease)
        .build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);
      Member member = new Member("m-1", "one@example.com");
      ExecutorService writer = Executors.newSingleThreadExecutor();
      try {
        Future<?> insert = writer.submit(() -> members.insert(member));
        assertTrue(hook.paused.await(30, TimeUnit.SECONDS), "the insert claimed its key");
        sleep(2 * lease.toMillis() + 200); // past the settle window: a repair deletes the claim
        List<ViewReport> repaired = VerifyViews.of(rowan, Member.class).repair();
        assertEquals(1, repaired.get(0).orphans(), repaired.get(0).summary());
        hook.resume.countDown();
        insert.get(30, TimeUnit.SECONDS);
        assertEquals(Optional.of(member), members.findByKey("m-1"));
        assertEquals(Optional.of(member), members.findByEmail("one@example.com"),
            "the insert, fenced, claimed its key again and settled it");
        try (Table email = connection.getTable(rowan.tableName(EMAIL.tableName()))) {
          RowStatus status = ViewRowVerdict.observed(EMAIL, email.get(new Get(EMAIL.rowKey(MEMBER.values(member)))));
          assertEquals(State.VERIFIED, status == null ? null : status.state(), "the claim: " + status);
        }
        ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
      } finally {
        hook.resume.countDown();
        writer.shutdownNow();
      }
    }
  }

  /** Holds the first write that reaches its commit (step 3) until {@code resume} opens. */
  private static final class FirstCommitPaused implements ProtocolHook {
    final CountDownLatch paused = new CountDownLatch(1);
    final CountDownLatch resume = new CountDownLatch(1);
    private final AtomicBoolean pause = new AtomicBoolean(true);

    @Override
    public void at(Step step, String table, List<byte[]> keys) {
      if (step == Step.BEFORE_MAIN_WRITE && pause.getAndSet(false)) {
        paused.countDown();
        try {
          resume.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  static void damage(Rowan rowan, List<Order> orders) throws IOException {
    long now = System.currentTimeMillis() + 10_000;
    try (Table seller = rowan.connection().getTable(rowan.tableName(SELLER.tableName()));
        Table buyer = rowan.connection().getTable(rowan.tableName(BUYER.tableName()))) {
      for (int i = 0; i < 3; i++) {
        seller.delete(new Delete(SELLER.rowKey(MODEL.values(orders.get(i)))));
      }
      for (int i = 3; i < 5; i++) {
        Order wrong = withAmount(orders.get(i), new BigDecimal("999.99"));
        Object[] values = MODEL.values(wrong);
        seller.put(SELLER.put(SELLER.rowKey(values), values, new RowStatus(State.VERIFIED, now, 1), MODEL.rowKey(wrong)));
      }
      Order elsewhere = new Order(orders.get(5).orderNo(), "seller-99", null, orders.get(5).createdAt(), null, null);
      Order nobody = new Order("no-such-order", "seller-1", null, orders.get(5).createdAt(), null, null);
      long longAgo = now - Duration.ofHours(1).toMillis(); // no settle of a write below it can land any more
      for (Order planted : List.of(elsewhere, nobody)) {
        Object[] values = MODEL.values(planted);
        seller.put(SELLER.put(SELLER.rowKey(values), values, new RowStatus(State.VERIFIED, longAgo, 2),
            MODEL.rowKey(planted)));
      }
      buyer.delete(new Delete(BUYER.rowKey(MODEL.values(orders.get(6)))));
      Object[] values = MODEL.values(orders.get(7));
      buyer.put(BUYER.put(BUYER.rowKey(values), values, new RowStatus(State.UNVERIFIED, now, 3),
          MODEL.rowKey(orders.get(7))));
    }
  }

  private static Order withAmount(Order order, BigDecimal amount) {
    return new Order(order.orderNo(), order.sellerId(), order.buyerId(), order.createdAt(), amount, order.note());
  }

  private static void assertCounts(ViewReport report, long missing, long stale, long orphans) {
    assertEquals(List.of(missing, stale, orphans), List.of(report.missing(), report.stale(), report.orphans()),
        report.summary());
  }
}
