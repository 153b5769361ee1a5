package dev.rowan.it.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.it.Order;
import dev.rowan.it.OrderRepository;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.MappingException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import dev.rowan.test.HBaseTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.Test;

/** The CRUD methods of a repository, and the errors of bad input, against a real HBase. */
@HBaseTest
class RepositoryIT {

  private static Order order(String number, String seller) {
    return new Order(number, seller, "buyer-1", Instant.ofEpochSecond(1_700_000_000L), new BigDecimal("12.50"), null);
  }

  @Test
  void savesFindsAndDeletesByKey(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    assertSame(orders, rowan.repository(OrderRepository.class), "repositories are cached");
    Order saved = orders.save(order("o-1", "seller-1"));
    assertEquals(Optional.of(saved), orders.findByKey("o-1"));
    assertEquals(Optional.empty(), orders.findByKey("o-2"));
    orders.delete(saved);
    assertEquals(Optional.empty(), orders.findByKey("o-1"));
    assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-1"));
    orders.save(saved);
    assertEquals(Optional.of(saved), orders.findByKey("o-1"), "an order can come back after a delete");
    orders.deleteByKey("o-1");
    assertEquals(Optional.empty(), orders.findByKey("o-1"));
  }

  @Test
  void scanAllMergesSaltBucketsInRowKeyOrder(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    List<Order> all = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      all.add(order(String.format("o-%03d", i), "seller-" + i % 3));
    }
    orders.saveAll(all);
    orders.deleteByKey("o-007");
    try (var stream = orders.scanAll()) {
      List<String> numbers = stream.map(Order::orderNo).toList();
      assertEquals(199, numbers.size());
      assertEquals(numbers.stream().sorted().toList(), numbers, "in key order across 4 buckets");
      assertFalse(numbers.contains("o-007"), "a deleted order is not scanned");
    }
  }

  @Test
  void defaultMethodsOfTheRepositoryKeepWorking(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    assertEquals(2, orders.saveTwo(order("a", "s"), order("b", "s")).size());
    assertEquals(2, rowan.views(Order.class).find("seller", "s").size());
    assertTrue(orders.toString().contains("OrderRepository"));
  }

  @Test
  void badInputIsRefusedAndNothingIsWritten(Rowan rowan, Connection connection) throws Exception {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    NullPointerException nullEntity = assertThrows(NullPointerException.class, () -> orders.save(null));
    assertEquals("cannot save a null Order", nullEntity.getMessage());
    InvalidValueException nullKey = assertThrows(InvalidValueException.class,
        () -> orders.saveAll(List.of(order("ok", "s"), order(null, "s"))));
    assertEquals("Order.orderNo: a key part cannot be null", nullKey.getMessage());
    String huge = "x".repeat(11 * 1024 * 1024);
    InvalidValueException oversized = assertThrows(InvalidValueException.class,
        () -> orders.save(order("big", "s").withNote(huge)));
    assertTrue(oversized.getMessage().startsWith("Order.note: the cell is "), oversized.getMessage());
    assertTrue(oversized.getMessage().contains("over hbase.client.keyvalue.maxsize"), oversized.getMessage());
    assertEquals(0, rowCount(connection, rowan, "orders"), "nothing of a refused batch is written");
    assertEquals(0, rowCount(connection, rowan, "orders.seller"));
  }

  @Table(name = "accounts")
  @Index(name = "email", key = {"email"}, unique = true)
  record Account(@RowKey String id, @Column(name = "e") String email, @Version long version) {}

  interface AccountRepository extends HBaseRepository<Account> {}

  @Test
  void aStaleVersionIsRefused(Rowan rowan) {
    rowan.schema().create(Account.class);
    AccountRepository accounts = rowan.repository(AccountRepository.class);
    Account first = accounts.save(new Account("a-1", "ann@example.com", 0));
    assertEquals(1, first.version());
    Account second = accounts.save(new Account("a-1", "ann@example.org", first.version()));
    assertEquals(2, second.version());
    OptimisticLockException stale = assertThrows(OptimisticLockException.class,
        () -> accounts.save(new Account("a-1", "ann@example.net", first.version())));
    assertEquals("Account a-1\\x00\\x01 is at version 2, but the save carried version 1; read it again and retry",
        stale.getMessage());
    assertEquals(Optional.of(second), accounts.findByKey("a-1"));
  }

  @Test
  void aUniqueViewRefusesASecondOwner(Rowan rowan) {
    rowan.schema().create(Account.class);
    AccountRepository accounts = rowan.repository(AccountRepository.class);
    accounts.save(new Account("a-1", "ann@example.com", 0));
    UniqueViolationException taken = assertThrows(UniqueViolationException.class,
        () -> accounts.save(new Account("a-2", "ann@example.com", 0)));
    assertTrue(taken.getMessage().startsWith("unique view accounts.email already holds key"), taken.getMessage());
    assertTrue(taken.getMessage().contains("cannot save Account a-2"), taken.getMessage());
    assertEquals(Optional.empty(), accounts.findByKey("a-2"), "nothing of the refused save is written");
    Account moved = accounts.save(new Account("a-1", "ann@example.org", 1));
    Account bob = accounts.save(new Account("a-2", "ann@example.com", 0));
    assertEquals(List.of(bob), rowan.views(Account.class).find("email", "ann@example.com"),
        "a key released by its owner can be taken");
    assertEquals(List.of(moved), rowan.views(Account.class).find("email", "ann@example.org"));
  }

  @Table(name = "codes")
  record Code(@RowKey @FixedLength(4) String code, String label) {}

  interface CodeRepository extends HBaseRepository<Code> {}

  @Test
  void aFixedWidthOverflowNamesTheField(Rowan rowan) {
    rowan.schema().create(Code.class);
    CodeRepository codes = rowan.repository(CodeRepository.class);
    InvalidValueException error = assertThrows(InvalidValueException.class, () -> codes.save(new Code("ABCDE", "x")));
    assertEquals("Code.code: value 'ABCDE' is 5 bytes long, longer than @FixedLength(4)", error.getMessage());
    codes.save(new Code("ABCD", "fits"));
    assertEquals("fits", codes.findByKey("ABCD").orElseThrow().label());
  }

  record NotAnEntity(String id) {}

  interface NotAnEntityRepository extends HBaseRepository<NotAnEntity> {}

  interface WithQueryMethods extends HBaseRepository<Order> {
    List<Order> findBySellerId(String sellerId);

    List<Order> findByNote(String note);
  }

  @Test
  void aRepositoryOfAnUnmappedTypeOrWithUnservableMethodsIsRefused(Rowan rowan) {
    MappingException unmapped = assertThrows(MappingException.class, () -> rowan.repository(NotAnEntityRepository.class));
    assertTrue(unmapped.getMessage().contains("has no @Table annotation"), unmapped.getMessage());
    QueryMethodException unservable = assertThrows(QueryMethodException.class, () -> rowan.repository(WithQueryMethods.class));
    assertEquals(1, unservable.problems().size(), unservable.getMessage());
    assertTrue(unservable.getMessage().contains("WithQueryMethods.findByNote would read the whole table"),
        unservable.getMessage());
  }

  private static int rowCount(Connection connection, Rowan rowan, String table) throws Exception {
    int rows = 0;
    try (org.apache.hadoop.hbase.client.Table t = connection.getTable(rowan.tableName(table)); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }
}
