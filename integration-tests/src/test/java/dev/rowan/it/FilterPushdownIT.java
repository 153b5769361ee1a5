package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.CountsFromKeysIT.Reads;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Conditions on a column that is not part of the key go to the region servers as filters, so the
 * rows that cannot match never cross the wire (counted on the client's connection); the answer
 * is the same as the client's own check would give.
 */
@HBaseTest
class FilterPushdownIT {

  /** Queries with a range and a prefix on the note, a carried column that no key holds. */
  interface NoteQueries extends HBaseRepository<Order> {
    List<Order> findBySellerIdAndNoteGreaterThanEqual(String sellerId, String from);

    List<Order> findBySellerIdAndNoteStartingWith(String sellerId, String prefix);

    List<Order> findBySellerIdAndNoteBetween(String sellerId, String from, String to);
  }

  @Test
  void rangesAndPrefixesOnAStringColumnSendOnlyMatchingRows(Connection connection, TestNamespace namespace)
      throws Exception {
    Reads reads = new Reads();
    try (Rowan rowan = Rowan.builder(CountsFromKeysIT.watched(connection, reads)).namespace(namespace.name())
        .build()) {
      rowan.schema().create(Order.class);
      NoteQueries orders = rowan.repository(NoteQueries.class);
      List<Order> all = new ArrayList<>();
      Instant start = Instant.parse("2026-11-24T10:00:00Z");
      for (int i = 0; i < 200; i++) {
        all.add(new Order("o-" + i, "s-1", "b-" + (i % 7), start.plusSeconds(i), new BigDecimal("1.00"),
            String.format("n%03d", i)));
      }
      orders.saveAll(all);

      reads.clear();
      List<Order> from = orders.findBySellerIdAndNoteGreaterThanEqual("s-1", "n190");
      assertEquals(notes(all, n -> n.compareTo("n190") >= 0), sorted(from));
      assertEquals(10, reads.rows, "only the 10 matching rows of the seller's 200 crossed the wire");

      reads.clear();
      List<Order> prefixed = orders.findBySellerIdAndNoteStartingWith("s-1", "n05");
      assertEquals(notes(all, n -> n.startsWith("n05")), sorted(prefixed));
      assertEquals(10, reads.rows);

      reads.clear();
      List<Order> between = orders.findBySellerIdAndNoteBetween("s-1", "n010", "n014");
      assertEquals(notes(all, n -> n.compareTo("n010") >= 0 && n.compareTo("n014") <= 0), sorted(between));
      assertEquals(5, reads.rows);
    }
  }

  private static List<Order> notes(List<Order> all, java.util.function.Predicate<String> note) {
    return sorted(all.stream().filter(o -> note.test(o.note())).toList());
  }

  private static List<Order> sorted(List<Order> orders) {
    return orders.stream().sorted(Comparator.comparing(Order::orderNo)).toList();
  }
}
