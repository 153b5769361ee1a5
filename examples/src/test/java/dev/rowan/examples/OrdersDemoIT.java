package dev.rowan.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.embedded.HBaseEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Orders demo, with 2,000 orders, run twice on one data directory of an embedded HBase. */
class OrdersDemoIT {

  private static final int ORDERS = 2_000;

  @TempDir Path dataDirectory;

  @Test
  void loadsOrdersAnswersEveryQueryRightAndSkipsTheLoadWhenRunAgain() throws IOException {
    String first = runDemo();
    String second = runDemo();

    assertTrue(first.contains("Created tables orders, orders.seller and orders.buyer, pre-split by the salt:"
        + " 8 regions each."), first);
    assertTrue(first.contains("orders 2,000, orders.seller 2,000, orders.buyer 2,000 rows; 2,000 lines read,"
        + " 0 rejected"), first);
    assertFalse(Files.exists(dataDirectory.resolve("work")), "the CSV files and HFiles are deleted after the load");

    assertTrue(second.contains("Tables orders, orders.seller and orders.buyer exist and match Order."), second);
    assertTrue(second.contains("The orders are already loaded (the newest, ORD-00002000, is there): skipping the load."),
        second);
    assertFalse(second.contains("Bulk load"), second);
    assertTrue(second.contains("(written by an earlier run)"), second);

    for (String run : new String[] {first, second}) {
      assertPlansAndAnswers(run);
      assertTrue(run.contains("regions with rows: 1 of 8 in order_events, 8 of 8 in order_events_salted"), run);
      assertTrue(run.contains("busiest region: 100% of the rows in order_events"), run);
      assertTrue(Pattern.compile("\\n  8 +200 +\\d+\\n").matcher(run).find(), "the newest 200 orders all in the"
          + " last region of the unsalted table:\n" + run);
    }
  }

  private static void assertPlansAndAnswers(String run) {
    assertTrue(run.contains("OrderRepository.findBySellerBetween\n      reads view orders.seller"), run);
    assertTrue(run.contains("OrderRepository.findTop10ByBuyerIdOrderByCreatedAtDesc\n      reads view orders.buyer"),
        run);
    assertTrue(run.contains("reversed range scan on [buyerId = ?1]"), run);
    assertTrue(run.contains("OrderRepository.findByOrderNo\n      reads table orders [salt 8][orderNo]\n"
        + "      get on [orderNo = ?1]"), run);
    assertTrue(run.contains("OrderRepository.countBySellerId\n      reads view orders.seller"), run);
    assertEquals(4, Pattern.compile("answer: [\\d,]+ orders? \\(expected [\\d,]+, right\\)").matcher(run)
        .results().count(), run);
    assertFalse(run.contains("WRONG"), run);
    assertTrue(run.contains("    ORD-00001333  "), "the order looked up by number is shown:\n" + run);
  }

  private String runDemo() throws IOException {
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    OrdersDemo.run(() -> HBaseEndpoint.embedded(dataDirectory), ORDERS, dataDirectory.resolve("work"),
        new PrintStream(output, true, StandardCharsets.UTF_8));
    String text = output.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    return text;
  }
}
