package dev.rowan.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderGeneratorTest {

  private final List<Order> orders = new OrderGenerator(7, 20_000).orders();

  @Test
  void generatesTheSameOrdersForTheSameSeedAndCount() {
    assertEquals(orders, new OrderGenerator(7, 20_000).orders());
  }

  @Test
  void numbersOrdersInTheOrderTheyWerePlacedOverTwoYears() {
    for (int i = 0; i < orders.size(); i++) {
      assertEquals(OrderGenerator.orderNo(i + 1), orders.get(i).orderNo());
      if (i > 0) {
        assertTrue(orders.get(i - 1).createdAt().isBefore(orders.get(i).createdAt()), orders.get(i).toString());
      }
    }
    assertTrue(!orders.get(0).createdAt().isBefore(OrderGenerator.START));
    assertTrue(orders.get(orders.size() - 1).createdAt().isBefore(OrderGenerator.END));
  }

  @Test
  void givesTheBusiestSellerAboutOneOrderInSevenAndTheTenthAboutOneInSeventy() {
    Map<String, Long> perSeller = orders.stream().collect(Collectors.groupingBy(Order::sellerId, Collectors.counting()));
    double first = perSeller.get(OrderGenerator.sellerId(1)) / (double) orders.size();
    double tenth = perSeller.get(OrderGenerator.sellerId(10)) / (double) orders.size();
    assertTrue(first > 0.12 && first < 0.15, "share of seller 1: " + first);
    assertTrue(tenth > 0.010 && tenth < 0.017, "share of seller 10: " + tenth);
    assertTrue(perSeller.size() > 900, perSeller.size() + " sellers have orders");
  }

  @Test
  void writesEveryOrderOnceToCsvFilesWithAHeader(@TempDir Path directory) throws IOException {
    List<Path> files = new OrderGenerator(7, 20_000).writeCsv(directory, 3);

    assertEquals(3, files.size());
    long lines = 0;
    for (Path file : files) {
      List<String> content = Files.readAllLines(file);
      assertEquals(OrderGenerator.CSV_HEADER, content.get(0));
      lines += content.size() - 1;
    }
    assertEquals(orders.size(), lines);
    Order first = orders.get(0);
    assertEquals(String.join(",", first.orderNo(), first.sellerId(), first.buyerId(), first.createdAt().toString(),
        first.amount().toPlainString(), first.status().name()), Files.readAllLines(files.get(0)).get(1));
  }

  @Test
  void countsTheAnswersOfTheDemosQueriesFromTheOrders() {
    DataSetFacts facts = DataSetFacts.of(new OrderGenerator(7, 20_000));
    Map<String, Long> perBuyer = orders.stream().collect(Collectors.groupingBy(Order::buyerId, Collectors.counting()));

    assertEquals(orders.stream().filter(o -> o.sellerId().equals(facts.seller())).count(), facts.sellerOrders());
    assertEquals(orders.stream().filter(o -> o.sellerId().equals(facts.seller()))
        .filter(o -> !o.createdAt().isBefore(facts.monthStart()) && !o.createdAt().isAfter(facts.monthEnd()))
        .count(), facts.sellerOrdersInMonth());
    assertEquals(perBuyer.values().stream().mapToLong(Long::longValue).max().orElseThrow(), facts.buyerOrders());
    assertEquals(facts.buyerOrders(), perBuyer.get(facts.buyer()));
    assertEquals(orders.get(orders.size() - 1), facts.newest());
    assertEquals("ORD-00013333", facts.sampleOrderNo());
  }
}
