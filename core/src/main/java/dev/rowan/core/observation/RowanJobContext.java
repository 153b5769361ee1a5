package dev.rowan.core.observation;

import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The context of the observation of one bulk load or view job ({@value #NAME}): which job, of which
 * entity, how it ended, and its counters. Its low-cardinality key values are {@value #JOB}, {@value
 * #ENTITY}, and once it ends {@value #OUTCOME} and {@value #EXCEPTION}; its high-cardinality key
 * values, added when it ends, carry each counter as {@code rowan.<counter>} and each table's as
 * {@code rowan.table.<table>.<counter>}.
 *
 * <p>The jobs of {@code rowan-mapreduce} create one per run when given an {@code
 * ObservationRegistry} that is not a no-op, and set the counters they read from the job when it has
 * ended.
 *
 * <p>Thread-safety: not thread-safe; one job fills it on one thread, and handlers read it when the
 * observation stops.
 *
 * @since 0.1
 */
public final class RowanJobContext extends Observation.Context {

  /**
   * The name of the observation, and of the timer Micrometer's {@code
   * DefaultMeterObservationHandler} makes of it.
   */
  public static final String NAME = "rowan.job";

  /** Low-cardinality key: which job ({@link Job#value()}). */
  public static final String JOB = "rowan.job";

  /** Low-cardinality key: the simple name of the entity class. */
  public static final String ENTITY = "rowan.entity";

  /** Low-cardinality key: {@code success} or {@code error}. */
  public static final String OUTCOME = "outcome";

  /** Low-cardinality key: the simple class name of the exception the job threw, or {@code none}. */
  public static final String EXCEPTION = "exception";

  /** The jobs, as key {@value #JOB} names them. */
  public enum Job {
    /** {@code BulkLoad}. */
    BULK_LOAD("bulk-load"),
    /** {@code VerifyViews}, checking or repairing. */
    VERIFY_VIEWS("verify-views"),
    /** {@code RebuildViews}, or {@code VerifyViews.rebuild}. */
    REBUILD_VIEWS("rebuild-views");

    private final String value;

    Job(String value) {
      this.value = value;
    }

    /** The value of key {@value RowanJobContext#JOB}. */
    public String value() {
      return value;
    }
  }

  private final Job job;
  private final String entity;
  private final Map<String, Long> counters = new LinkedHashMap<>();
  private final Map<String, Map<String, Long>> tables = new LinkedHashMap<>();

  /**
   * The context of a run of {@code job} on the entities of {@code entity} (its simple name).
   *
   * @throws NullPointerException when an argument is null
   */
  public RowanJobContext(Job job, String entity) {
    this.job = Objects.requireNonNull(job, "job");
    this.entity = Objects.requireNonNull(entity, "entity");
    setName(NAME);
    setContextualName(job.value() + " " + entity);
    addLowCardinalityKeyValue(KeyValue.of(JOB, job.value()));
    addLowCardinalityKeyValue(KeyValue.of(ENTITY, entity));
  }

  /** Which job ran. */
  public Job job() {
    return job;
  }

  /** The simple name of the entity class. */
  public String entity() {
    return entity;
  }

  /**
   * The job's counters, in the order the job set them: for a bulk load {@code lines}, {@code
   * entities}, {@code rejected}, {@code replaced} and {@code retired.view.rows}; for a view job the
   * sums over its views of {@code rows}, {@code missing}, {@code stale}, {@code orphans}, {@code
   * repaired} and {@code second.owners} (docs/observability.md).
   */
  public Map<String, Long> counters() {
    return Collections.unmodifiableMap(counters);
  }

  /** The counter {@code name}, 0 when the job did not set it. */
  public long counter(String name) {
    return counters.getOrDefault(name, 0L);
  }

  /**
   * The counters of each table the job wrote or read, by table name within the namespace: for a
   * bulk load {@code rows} per table; for a view job the counters of each view table.
   */
  public Map<String, Map<String, Long>> tableCounters() {
    Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
    tables.forEach((table, values) -> copy.put(table, Collections.unmodifiableMap(values)));
    return Collections.unmodifiableMap(copy);
  }

  /**
   * Adds {@code value} to the counter {@code name}.
   *
   * @throws NullPointerException when {@code name} is null
   */
  public void count(String name, long value) {
    counters.merge(Objects.requireNonNull(name, "name"), value, Long::sum);
  }

  /**
   * Adds {@code value} to the counter {@code name} of {@code table}.
   *
   * @throws NullPointerException when {@code table} or {@code name} is null
   */
  public void count(String table, String name, long value) {
    tables
        .computeIfAbsent(Objects.requireNonNull(table, "table"), t -> new LinkedHashMap<>())
        .merge(Objects.requireNonNull(name, "name"), value, Long::sum);
  }

  /**
   * Ends the job: adds {@value #OUTCOME} and {@value #EXCEPTION} for {@code error} (null when it
   * succeeded), and every counter as a high-cardinality key value. Called once, before the
   * observation stops.
   */
  public void end(@Nullable Throwable error) {
    addLowCardinalityKeyValue(KeyValue.of(OUTCOME, error == null ? "success" : "error"));
    addLowCardinalityKeyValue(
        KeyValue.of(EXCEPTION, error == null ? "none" : error.getClass().getSimpleName()));
    counters.forEach(
        (name, value) ->
            addHighCardinalityKeyValue(KeyValue.of("rowan." + name, Long.toString(value))));
    tables.forEach(
        (table, values) ->
            values.forEach(
                (name, value) ->
                    addHighCardinalityKeyValue(
                        KeyValue.of("rowan.table." + table + "." + name, Long.toString(value)))));
  }
}
