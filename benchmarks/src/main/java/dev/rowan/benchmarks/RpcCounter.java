package dev.rowan.benchmarks;

import java.util.Map;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.MetricsConnection;

/**
 * Counts the RPCs a connection makes, from the client metrics HBase keeps when {@code
 * hbase.client.metrics.enable} is true: the sum of the {@code rpcCount_*} counters, one per RPC
 * method (Get, Multi, Scan, Mutate ...).
 *
 * <p>Thread-safety: thread-safe.
 */
final class RpcCounter {

  private final MetricsConnection metrics;

  private RpcCounter(MetricsConnection metrics) {
    this.metrics = metrics;
  }

  /**
   * The counter of {@code connection}'s RPCs.
   *
   * @throws IllegalStateException when the connection keeps no metrics
   */
  static RpcCounter of(Connection connection) {
    try {
      Object metrics = connection.getClass().getMethod("getConnectionMetrics").invoke(connection);
      if (metrics == null) {
        throw new IllegalStateException(
            "the connection keeps no metrics; set hbase.client.metrics.enable");
      }
      return new RpcCounter((MetricsConnection) metrics);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "cannot read the metrics of " + connection.getClass().getName(), e);
    }
  }

  /** The RPCs made so far. */
  long total() {
    long total = 0;
    for (Map.Entry<String, com.codahale.metrics.Counter> counter :
        metrics.getRpcCounters().entrySet()) {
      if (counter.getKey().startsWith("rpcCount_")) {
        total += counter.getValue().getCount();
      }
    }
    return total;
  }

  /** The RPCs made so far, by method. */
  String detail() {
    StringBuilder text = new StringBuilder();
    metrics
        .getRpcCounters()
        .forEach(
            (name, counter) ->
                text.append(name).append('=').append(counter.getCount()).append(' '));
    return text.toString();
  }
}
