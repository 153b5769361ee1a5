package dev.rowan.examples;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * A realistic, repeatable data set of orders: two years of them ({@link #START} to {@link #END}),
 * order numbers rising with time, 1,000 sellers of Zipf-distributed popularity (the busiest takes
 * about one order in seven), 50,000 buyers, log-normal amounts, and statuses that depend on an
 * order's age. The same seed and count always give the same orders, so a second run of the demo
 * knows what the first one loaded without reading it back.
 *
 * <p>Thread-safety: immutable; each call generates afresh.
 */
final class OrderGenerator {

  static final Instant START = Instant.parse("2024-01-01T00:00:00Z");
  static final Instant END = Instant.parse("2026-01-01T00:00:00Z");
  static final int SELLERS = 1_000;
  static final int BUYERS = 50_000;
  static final String CSV_HEADER = "orderNo,sellerId,buyerId,createdAt,amount,status";

  private static final double ZIPF_EXPONENT = 1.0;
  private static final double[] SELLER_CDF = zipfCdf(SELLERS, ZIPF_EXPONENT);

  private final long seed;
  private final int count;

  OrderGenerator(long seed, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("The demo needs at least one order, not " + count);
    }
    this.seed = seed;
    this.count = count;
  }

  int count() {
    return count;
  }

  static String orderNo(int number) {
    return String.format("ORD-%08d", number);
  }

  static String sellerId(int rank) {
    return String.format("seller-%04d", rank);
  }

  static String buyerId(int number) {
    return String.format("buyer-%05d", number);
  }

  /** Hands every order to {@code sink}, oldest first. */
  void forEach(Consumer<Order> sink) {
    Random random = new Random(seed);
    long span = Duration.between(START, END).toMillis();
    double step = (double) span / count;
    long recent = END.minus(Duration.ofDays(14)).toEpochMilli();
    for (int i = 0; i < count; i++) {
      long millis = START.toEpochMilli() + (long) (i * step + random.nextDouble() * step);
      int seller = 1 + lowestAbove(SELLER_CDF, random.nextDouble());
      int buyer = 1 + random.nextInt(BUYERS);
      double euros = Math.min(5_000, Math.max(1, Math.exp(3.5 + 0.9 * random.nextGaussian())));
      BigDecimal amount = BigDecimal.valueOf(euros).setScale(2, RoundingMode.HALF_UP);
      sink.accept(
          new Order(
              orderNo(i + 1),
              sellerId(seller),
              buyerId(buyer),
              Instant.ofEpochMilli(millis),
              amount,
              status(random, millis >= recent)));
    }
  }

  /** Every order, oldest first. */
  List<Order> orders() {
    List<Order> orders = new ArrayList<>(count);
    forEach(orders::add);
    return orders;
  }

  /**
   * Writes the orders as CSV files with a header, {@code files} of them (so that the load reads
   * them in parallel), and returns their paths.
   */
  List<Path> writeCsv(Path directory, int files) {
    try {
      Files.createDirectories(directory);
      List<Path> paths = new ArrayList<>();
      List<BufferedWriter> writers = new ArrayList<>();
      for (int f = 0; f < files; f++) {
        Path path = directory.resolve(String.format("orders-%d.csv", f + 1));
        paths.add(path);
        BufferedWriter writer = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        writer.write(CSV_HEADER);
        writer.newLine();
        writers.add(writer);
      }
      int[] written = {0};
      forEach(
          order -> {
            try {
              BufferedWriter writer = writers.get(written[0]++ * files / count);
              writer.write(
                  String.join(
                      ",",
                      order.orderNo(),
                      order.sellerId(),
                      order.buyerId(),
                      order.createdAt().toString(),
                      order.amount().toPlainString(),
                      order.status().name()));
              writer.newLine();
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
      for (BufferedWriter writer : writers) {
        writer.close();
      }
      return paths;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the orders to " + directory, e);
    }
  }

  private static Order.Status status(Random random, boolean recent) {
    int dice = random.nextInt(100);
    if (recent) {
      return dice < 30
          ? Order.Status.PLACED
          : dice < 60
              ? Order.Status.PAID
              : dice < 95 ? Order.Status.SHIPPED : Order.Status.CANCELLED;
    }
    return dice < 90
        ? Order.Status.DELIVERED
        : dice < 95 ? Order.Status.CANCELLED : Order.Status.RETURNED;
  }

  /** The cumulative distribution of Zipf's law over ranks 1 to {@code n}, index 0 for rank 1. */
  private static double[] zipfCdf(int n, double exponent) {
    double[] cdf = new double[n];
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += 1 / Math.pow(k, exponent);
      cdf[k - 1] = sum;
    }
    for (int k = 0; k < n; k++) {
      cdf[k] /= sum;
    }
    return cdf;
  }

  /** The first index whose cumulative probability is above {@code p}. */
  private static int lowestAbove(double[] cdf, double p) {
    int index = Arrays.binarySearch(cdf, p);
    return Math.min(cdf.length - 1, index >= 0 ? index + 1 : -index - 1);
  }
}
