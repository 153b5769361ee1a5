package dev.rowan.mapreduce.internal.job;

import dev.rowan.core.observation.RowanJobContext;
import dev.rowan.mapreduce.BulkLoadResult;
import dev.rowan.mapreduce.ViewReport;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API: runs a job as one {@code rowan.job} observation ({@link RowanJobContext}), in
 * scope on the calling thread, with the job's counters set from its result once it has ended.
 * Without a registry, or with one that has no handler, the job runs unobserved.
 */
public final class JobObservation {

  private JobObservation() {}

  /**
   * Runs {@code job}, observed in {@code registry} (null: none) as {@code kind} of {@code entity},
   * its counters set by {@code counters} from what it returned.
   */
  public static <R> R observe(
      @Nullable ObservationRegistry registry,
      RowanJobContext.Job kind,
      Class<?> entity,
      Supplier<R> job,
      BiConsumer<RowanJobContext, R> counters) {
    if (registry == null || registry.isNoop()) {
      return job.get();
    }
    RowanJobContext context = new RowanJobContext(kind, entity.getSimpleName());
    Observation observation =
        Observation.createNotStarted(RowanJobContext.NAME, () -> context, registry).start();
    R result;
    try (Observation.Scope scope = observation.openScope()) {
      result = job.get();
    } catch (RuntimeException | Error e) {
      context.end(e);
      observation.error(e);
      observation.stop();
      throw e;
    }
    counters.accept(context, result);
    context.end(null);
    observation.stop();
    return result;
  }

  /** Sets the counters of a bulk load from its result. */
  public static void load(RowanJobContext context, BulkLoadResult result) {
    context.count("lines", result.lines());
    context.count("entities", result.entities());
    context.count("rejected", result.rejected());
    context.count("replaced", result.replaced());
    context.count("retired.view.rows", result.retiredViewRows());
    for (Map.Entry<TableName, Long> table : result.rows().entrySet()) {
      context.count(table.getKey().getQualifierAsString(), "rows", table.getValue());
    }
  }

  /** Sets the counters of a view job from its reports, one per view (and period). */
  public static void views(RowanJobContext context, List<ViewReport> reports) {
    for (ViewReport report : reports) {
      String table = report.table().getQualifierAsString();
      count(context, table, "rows", report.rows());
      count(context, table, "missing", report.missing());
      count(context, table, "stale", report.stale());
      count(context, table, "orphans", report.orphans());
      count(context, table, "repaired", report.repaired());
      count(context, table, "second.owners", report.secondOwners());
    }
  }

  private static void count(RowanJobContext context, String table, String name, long value) {
    context.count(name, value);
    context.count(table, name, value);
  }
}
