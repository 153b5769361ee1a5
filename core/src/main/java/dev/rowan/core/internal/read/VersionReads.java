package dev.rowan.core.internal.read;

import dev.rowan.core.Versioned;
import dev.rowan.core.internal.context.CellLimits;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.ScanSpec;
import dev.rowan.index.EntityHistory;
import dev.rowan.index.MainRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/**
 * Reads the versions of one entity that keeps history: one raw scan of its main row (every version
 * of every cell, and the delete markers, which are not read), rebuilt into the state each write
 * left ({@link EntityHistory}). Views are not read: they hold the latest state only.
 */
public final class VersionReads {

  private VersionReads() {}

  /**
   * The versions, newest first, of the entity that {@code plan} (a get of the main table) names
   * with {@code args}; at most {@code max} (0: as many as its families keep). {@code method} names
   * the query method in the message of a failed read.
   */
  public static <T> List<Versioned<T>> of(
      String method, StoreContext<T> context, AccessPlan plan, Object[] args, int max) {
    ScanSpec spec =
        new ScanSpec(
            plan,
            context.model(),
            args,
            plan.read(),
            context.statusFamily(),
            CellLimits.maxRowKey(context.mainTable()));
    List<Get> gets = spec.gets(null);
    if (gets.isEmpty()) {
      return List.of(); // a key no row can have
    }
    byte[] row = gets.get(0).getRow();
    Scan raw =
        new Scan()
            .withStartRow(row)
            .withStopRow(row, true)
            .setRaw(true)
            .readAllVersions()
            .setOneRowLimit();
    Result cells =
        HBaseCalls.on(
            context.connection(),
            context.mainTable(),
            "read versions for " + method,
            table -> {
              try (ResultScanner scanner = table.getScanner(raw)) {
                return scanner.next();
              }
            });
    List<Versioned<T>> versions = new ArrayList<>();
    for (EntityHistory.Version version : EntityHistory.versions(context.model(), cells, max)) {
      MainRow state = version.row();
      versions.add(
          new Versioned<>(
              version.timestamp(),
              state.isLive()
                  ? context
                      .model()
                      .instantiate(Objects.requireNonNull(state.values(), "a live row has values"))
                  : null));
    }
    return versions;
  }
}
