package dev.rowan.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.embedded.HBaseEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrdersDemoIT {

  @TempDir Path dataDirectory;

  @Test
  void findsTheTableAndTheOrdersOfTheFirstRunWhenRunAgain() throws IOException {
    String first = runDemo();
    String second = runDemo();

    assertTrue(first.contains("Created table demo_orders"), first);
    assertTrue(first.contains("The table holds 1 order(s)"), first);
    assertTrue(second.contains("Table demo_orders already exists"), second);
    assertTrue(second.contains("Read order-0002: buyer=alice amount=19.99"), second);
    assertTrue(second.contains("The table holds 2 order(s)"), second);
  }

  private String runDemo() throws IOException {
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    OrdersDemo.run(() -> HBaseEndpoint.embedded(dataDirectory), new PrintStream(output, true, StandardCharsets.UTF_8));
    return output.toString(StandardCharsets.UTF_8);
  }
}
