package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Both sides of a comparison over one connection: a {@link Rowan} per namespace, and the
 * hand-written client of an entity's tables in a namespace. The benchmark keeps two: one on a plain
 * connection, which is timed, and one on a connection with client metrics, which counts RPCs.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class Clients implements AutoCloseable {

  private final Connection connection;
  private final RpcCounter rpcs;
  private final Map<String, Rowan> rowans = new HashMap<>();
  private final Map<String, HandWritten<?>> hands = new HashMap<>();

  Clients(Connection connection, boolean counting) {
    this.connection = connection;
    this.rpcs = counting ? RpcCounter.of(connection) : null;
  }

  Connection connection() {
    return connection;
  }

  /** The RPC counter, or null when this connection is not counted. */
  RpcCounter rpcs() {
    return rpcs;
  }

  /**
   * Whether Rowan's writes settle their view rows in the background ({@code
   * Rowan.Builder.settleInBackground}): the system property {@code rowan.bench.settleInBackground},
   * false unless set.
   */
  static boolean settleInBackground() {
    return Boolean.getBoolean("rowan.bench.settleInBackground");
  }

  /** The Rowan whose tables live in {@code namespace}. */
  Rowan rowan(String namespace) {
    return rowans.computeIfAbsent(
        namespace,
        ns ->
            Rowan.builder(connection)
                .namespace(ns)
                .settleInBackground(settleInBackground())
                .build());
  }

  /**
   * Another Rowan whose tables live in {@code namespace}, on the same connection, named {@code
   * variant} and built as {@link #rowan(String)} is with {@code configure} applied: the same one
   * for the same namespace and variant, closed with these clients.
   */
  Rowan rowan(String namespace, String variant, UnaryOperator<Rowan.Builder> configure) {
    return rowans.computeIfAbsent(
        namespace + "/" + variant,
        key ->
            configure
                .apply(
                    Rowan.builder(connection)
                        .namespace(namespace)
                        .settleInBackground(settleInBackground()))
                .build());
  }

  <R extends HBaseRepository<?>> R repository(String namespace, Class<R> type) {
    return rowan(namespace).repository(type);
  }

  /** The hand-written client of {@code type}'s tables in {@code namespace}. */
  @SuppressWarnings("unchecked")
  <T> HandWritten<T> hand(String namespace, Class<T> type) {
    return (HandWritten<T>)
        hands.computeIfAbsent(
            namespace + "/" + type.getName(),
            key -> new HandWritten<>(connection, type, rowan(namespace)::tableName));
  }

  /** The main and view tables of {@code type} in {@code namespace}. */
  List<TableName> tables(String namespace, Class<?> type) {
    EntityModel<?> model = EntityModel.of(type);
    List<TableName> tables = new ArrayList<>();
    tables.add(rowan(namespace).tableName(model.tableName()));
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      tables.add(rowan(namespace).tableName(view.tableName()));
    }
    return tables;
  }

  /** Drops and creates {@code type}'s tables in {@code namespace}, empty, their regions located. */
  void recreate(String namespace, Class<?> type) throws IOException {
    Rowan rowan = rowan(namespace);
    rowan.schema().drop(type);
    rowan.schema().create(type);
    closeHand(namespace, type);
    BenchmarkCluster.relocate(connection, tables(namespace, type));
  }

  private void closeHand(String namespace, Class<?> type) throws IOException {
    HandWritten<?> hand = hands.remove(namespace + "/" + type.getName());
    if (hand != null) {
      hand.close();
    }
  }

  @Override
  public void close() throws IOException {
    for (HandWritten<?> hand : hands.values()) {
      hand.close();
    }
    for (Rowan rowan : rowans.values()) {
      rowan.close();
    }
    connection.close();
  }
}
