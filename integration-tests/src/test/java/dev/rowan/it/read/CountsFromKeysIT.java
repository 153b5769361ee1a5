package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.StoppedWrites;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.junit.jupiter.api.Test;

/**
 * Counts and existence checks read keys and the protocol cells they need only (docs/queries.md,
 * "How counts read"), and still never count a view row that does not stand for a matching entity.
 */
@HBaseTest
class CountsFromKeysIT {

  /** Counts of the salted orders: a full-copy view (seller), a narrow one (buyer, amount only), the main table. */
  interface OrderCounts extends HBaseRepository<Order> {
    long countBySellerId(String sellerId);
    boolean existsBySellerId(String sellerId);
    long countBySellerIdAndNote(String sellerId, String note);
    long countBySellerIdAndCreatedAtNot(String sellerId, java.time.Instant createdAt);
    long countByBuyerId(String buyerId);
    boolean existsByBuyerId(String buyerId);
    long countByBuyerIdAndAmount(String buyerId, BigDecimal amount);
    long countByOrderNoStartingWith(String prefix);
    boolean existsByOrderNoStartingWith(String prefix);
  }

  /** Unsalted, without views. */
  @Table(name = "parcels")
  @Family(name = "p")
  record Parcel(@RowKey(order = 0) String depot, @RowKey(order = 1) int id, String note) {}

  interface ParcelCounts extends HBaseRepository<Parcel> {
    long countByDepot(String depot);
    boolean existsByDepot(String depot);
    long countByDepotAndNote(String depot, String note);
  }

  @Test
  void countsAndExistenceAnswerLikeAFilterOfTheEntities(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("CountsFromKeysIT seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    rowan.schema().create(Parcel.class);
    OrderCounts orders = rowan.repository(OrderCounts.class);
    ParcelCounts parcels = rowan.repository(ParcelCounts.class);
    Map<String, Order> model = new LinkedHashMap<>();
    List<Order> initial = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      initial.add(fixtures.order(i));
    }
    orders.saveAll(initial);
    initial.forEach(o -> model.put(o.orderNo(), o));
    for (int i = 0; i < 150; i++) { // updates that move rows between views' keys, and deletes that leave tombstones
      Order current = model.get("order-" + random.nextInt(400));
      if (current == null) {
        continue;
      }
      if (random.nextInt(4) == 0) {
        orders.delete(current);
        model.remove(current.orderNo());
      } else {
        Order changed = fixtures.change(current);
        orders.save(changed);
        model.put(changed.orderNo(), changed);
      }
    }
    List<Parcel> allParcels = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      allParcels.add(new Parcel("depot-" + random.nextInt(6), i,
          random.nextBoolean() ? null : "n" + random.nextInt(3)));
    }
    parcels.saveAll(allParcels);
    Map<String, Parcel> parcelModel = new LinkedHashMap<>();
    allParcels.forEach(p -> parcelModel.put(p.depot() + "/" + p.id(), p));
    List<Order> all = new ArrayList<>(model.values());
    for (int call = 0; call < 200; call++) {
      String seller = fixtures.seller();
      String buyer = fixtures.buyer();
      String context = "call " + call + ", seed " + seed;
      Order some = all.get(random.nextInt(all.size()));
      BigDecimal amount = random.nextBoolean() && some.amount() != null ? some.amount() : BigDecimal.valueOf(7);
      String note = random.nextBoolean() && some.note() != null ? some.note() : "note 1";
      String prefix = "order-" + random.nextInt(40);
      String depot = "depot-" + random.nextInt(7);
      String parcelNote = "n" + random.nextInt(4);
      switch (call % 8) {
        case 0 -> {
          assertEquals(count(all, o -> seller.equals(o.sellerId())), orders.countBySellerId(seller), context);
          assertEquals(count(all, o -> seller.equals(o.sellerId())) > 0, orders.existsBySellerId(seller), context);
        }
        case 1 -> {
          assertEquals(count(all, o -> some.sellerId().equals(o.sellerId()) && note.equals(o.note())),
              orders.countBySellerIdAndNote(some.sellerId(), note), context);
          // a filter pushed on a view key part: its cell is read for the filter to see it
          assertEquals(count(all, o -> some.sellerId().equals(o.sellerId()) && !some.createdAt().equals(o.createdAt())),
              orders.countBySellerIdAndCreatedAtNot(some.sellerId(), some.createdAt()), context);
        }
        case 2 -> {
          assertEquals(count(all, o -> buyer.equals(o.buyerId())), orders.countByBuyerId(buyer), context);
          assertEquals(count(all, o -> buyer.equals(o.buyerId())) > 0, orders.existsByBuyerId(buyer), context);
        }
        case 3 -> {
          String someBuyer = some.buyerId() == null ? buyer : some.buyerId();
          assertEquals(count(all, o -> someBuyer.equals(o.buyerId()) && o.amount() != null
                  && o.amount().compareTo(amount) == 0),
              orders.countByBuyerIdAndAmount(someBuyer, amount), context);
        }
        case 4 -> {
          assertEquals(count(all, o -> o.orderNo().startsWith(prefix)), orders.countByOrderNoStartingWith(prefix),
              context);
          assertEquals(count(all, o -> o.orderNo().startsWith(prefix)) > 0,
              orders.existsByOrderNoStartingWith(prefix), context);
        }
        case 5 -> {
          long expected = parcelModel.values().stream().filter(p -> depot.equals(p.depot())).count();
          assertEquals(expected, parcels.countByDepot(depot), context);
          assertEquals(expected > 0, parcels.existsByDepot(depot), context);
        }
        case 6 -> assertEquals(parcelModel.values().stream()
                .filter(p -> depot.equals(p.depot()) && parcelNote.equals(p.note())).count(),
            parcels.countByDepotAndNote(depot, parcelNote), context);
        default -> assertEquals(count(all, o -> Objects.equals(some.sellerId(), o.sellerId())),
            orders.countBySellerId(some.sellerId()), context);
      }
    }
  }

  @Test
  void aCountThroughANarrowViewReadsNoCarriedColumnAndNoMainRowWhenEveryRowIsSettled(Connection connection,
      TestNamespace namespace) {
    Reads reads = new Reads();
    try (Rowan rowan = Rowan.builder(watched(connection, reads)).namespace(namespace.name()).build()) {
      rowan.schema().create(Order.class);
      OrderCounts orders = rowan.repository(OrderCounts.class);
      Random random = new Random(7);
      OrderFixtures fixtures = new OrderFixtures(random);
      List<Order> all = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        all.add(fixtures.order(i).withBuyer("buyer-x"));
      }
      orders.saveAll(all);
      long withAmount = count(all, o -> o.amount() != null);
      assertTrue(withAmount > 0, "some orders carry an amount into the buyer view");

      String plan = orders.explain("countByBuyerId");
      System.out.println(plan + orders.explain("countByOrderNoStartingWith") + orders.explain("countByBuyerIdAndAmount"));
      assertTrue(plan.contains("  count reads: keys and status cell, retired cell, no other column; settled rows are"
          + " taken as they are, other rows are checked against their main rows\n"), plan);
      reads.clear();
      assertEquals(200, orders.countByBuyerId("buyer-x"));
      assertEquals(List.of(), reads.tablesGot, "no main row is read: every view row is settled");
      assertEquals(List.of(namespace.name() + ":orders.buyer"), reads.tablesScanned.stream().distinct().toList());
      assertEquals(200, reads.qualifiers.size(), "each row's status cell, one cell a row");
      assertTrue(reads.qualifiers.stream().allMatch(q -> q.length == 2 && q[0] == 0),
          "only protocol cells cross the wire, never the carried amount");

      reads.clear();
      assertTrue(orders.existsByBuyerId("buyer-x"));
      assertTrue(reads.rows <= 4, "exists reads at most one row of each of the 4 buckets: " + reads.rows);

      reads.clear();
      assertEquals(200, orders.countByOrderNoStartingWith("order-"));
      assertTrue(reads.rows >= 200 && reads.valueBytes == 0, "the main table is read by its keys, no value: "
          + reads.valueBytes + " bytes of values");
    }
  }

  @Test
  void aRowLeftUnsettledByAStoppedWriteIsStillCheckedAgainstItsMainRow(Connection connection,
      TestNamespace namespace) {
    StoppedWrites stopped = new StoppedWrites();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(stopped).build()) {
      rowan.schema().create(Order.class);
      OrderCounts orders = rowan.repository(OrderCounts.class);
      Random random = new Random(11);
      OrderFixtures fixtures = new OrderFixtures(random);
      List<Order> first = fixtures.saveEach(orders, 50, o -> o.withSeller("seller-a").withBuyer("buyer-a"));
      stopped.save(orders, Step.BEFORE_SETTLE, first.subList(0, 10), o -> o.withSeller("seller-b").withBuyer("buyer-b"));
      stopped.save(orders, Step.BEFORE_MAIN_WRITE, first.subList(10, 15),
          o -> o.withSeller("seller-b").withBuyer("buyer-b"));
      // what each stopped write left on the main table is the truth a count must give
      List<Order> all = StoppedWrites.truth(orders, first.stream().map(Order::orderNo).toList());
      assertTrue(count(all, o -> "seller-b".equals(o.sellerId())) >= 5, "most stopped writes committed: " + all);
      for (String party : List.of("a", "b")) {
        assertEquals(count(all, o -> ("seller-" + party).equals(o.sellerId())), orders.countBySellerId("seller-" + party),
            "full-copy view, seller-" + party);
        assertEquals(count(all, o -> ("buyer-" + party).equals(o.buyerId())), orders.countByBuyerId("buyer-" + party),
            "narrow view, buyer-" + party);
      }
      assertFalse(orders.existsBySellerId("seller-c"));
    }
  }

  private static <T> long count(List<T> all, Predicate<T> matches) {
    return all.stream().filter(matches).count();
  }

  /** What the tables were asked for and what crossed the wire. */
  static final class Reads {
    final List<String> tablesGot = new CopyOnWriteArrayList<>();
    final List<String> tablesScanned = new CopyOnWriteArrayList<>();
    final List<byte[]> qualifiers = new CopyOnWriteArrayList<>();
    volatile long valueBytes;
    volatile int rows;

    void clear() {
      tablesGot.clear();
      tablesScanned.clear();
      qualifiers.clear();
      valueBytes = 0;
      rows = 0;
    }

    synchronized void saw(Result result) {
      if (result == null || result.isEmpty()) {
        return;
      }
      rows++;
      for (Cell cell : result.rawCells()) {
        qualifiers.add(java.util.Arrays.copyOfRange(cell.getQualifierArray(), cell.getQualifierOffset(),
            cell.getQualifierOffset() + cell.getQualifierLength()));
        valueBytes += cell.getValueLength();
      }
    }
  }

  /** {@code real}, with every get and scan of its tables recorded in {@code reads}. */
  static Connection watched(Connection real, Reads reads) {
    return (Connection) Proxy.newProxyInstance(CountsFromKeysIT.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          Object result = call(method, real, args);
          return result instanceof org.apache.hadoop.hbase.client.Table table ? watchedTable(table, reads) : result;
        });
  }

  private static org.apache.hadoop.hbase.client.Table watchedTable(org.apache.hadoop.hbase.client.Table real,
      Reads reads) {
    return (org.apache.hadoop.hbase.client.Table) Proxy.newProxyInstance(CountsFromKeysIT.class.getClassLoader(),
        new Class<?>[] {org.apache.hadoop.hbase.client.Table.class},
        (proxy, method, args) -> {
          Object result = call(method, real, args);
          String name = real.getName().getNameAsString();
          if (method.getName().equals("get")) {
            tablesGotOnce(reads, name, args[0]);
            if (result instanceof Result[] results) {
              for (Result one : results) {
                reads.saw(one);
              }
            } else if (result instanceof Result one) {
              reads.saw(one);
            }
          }
          if (method.getName().equals("getScanner") && result instanceof ResultScanner scanner) {
            reads.tablesScanned.add(name);
            return watched(scanner, reads);
          }
          return result;
        });
  }

  private static void tablesGotOnce(Reads reads, String name, Object gets) {
    if (!(gets instanceof List<?> list) || !list.isEmpty()) {
      reads.tablesGot.add(name);
    }
  }

  private static ResultScanner watched(ResultScanner real, Reads reads) {
    return (ResultScanner) Proxy.newProxyInstance(CountsFromKeysIT.class.getClassLoader(),
        new Class<?>[] {ResultScanner.class}, (proxy, method, args) -> {
          if (method.getName().equals("iterator")) {
            ResultScanner self = (ResultScanner) proxy;
            return new Iterator<Result>() {
              private Result next;

              @Override
              public boolean hasNext() {
                try {
                  next = next == null ? self.next() : next;
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                return next != null;
              }

              @Override
              public Result next() {
                if (!hasNext()) {
                  throw new NoSuchElementException();
                }
                Result result = next;
                next = null;
                return result;
              }
            };
          }
          Object result = call(method, real, args);
          if (method.getName().equals("next") && (args == null || args.length == 0)) {
            reads.saw((Result) result);
          } else if (method.getName().equals("next") && result instanceof Result[] results) {
            for (Result one : results) {
              reads.saw(one);
            }
          }
          return result;
        });
  }

  private static Object call(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
