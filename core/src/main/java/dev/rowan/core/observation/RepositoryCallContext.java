package dev.rowan.core.observation;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jspecify.annotations.Nullable;

/**
 * The context of the observation of one repository call ({@value #NAME}): which repository, method,
 * table and kind of access it was, how it ended, and what it cost, counted where it happened. Its
 * low-cardinality key values name the call ({@value #REPOSITORY}, {@value #METHOD}, {@value
 * #TABLE}, {@value #ACCESS}, and once it ends {@value #OUTCOME} and {@value #EXCEPTION}); its
 * high-cardinality key values, once it has ended, carry each {@link Cost} under {@link
 * Cost#keyName()} and the background settle queue under {@value #SETTLE_QUEUE_DEPTH}.
 *
 * <p>Rowan creates one per call when the Rowan's {@code ObservationRegistry} is not a no-op, and
 * counts into it while the call runs, from the caller's thread and from Rowan's pool threads;
 * handlers read it when the observation stops. Nothing else should write to it.
 *
 * <p>Thread-safety: the counts are thread-safe; the key values are those of {@link
 * Observation.Context}, written by the calling thread.
 *
 * @since 0.1
 */
public final class RepositoryCallContext extends Observation.Context {

  /**
   * The name of the observation, and of the timer Micrometer's {@code
   * DefaultMeterObservationHandler} makes of it.
   */
  public static final String NAME = "rowan.repository";

  /** Low-cardinality key: the simple name of the repository interface. */
  public static final String REPOSITORY = "rowan.repository";

  /** Low-cardinality key: the name of the method called. */
  public static final String METHOD = "rowan.method";

  /**
   * Low-cardinality key: the table or view the call's plan read, or the main table a write wrote,
   * as named within the namespace ({@code orders}, {@code orders.seller}); for an entity kept in
   * one table per period, the table name without a period.
   */
  public static final String TABLE = "rowan.table";

  /** Low-cardinality key: how the call read or wrote ({@link Access}). */
  public static final String ACCESS = "rowan.access";

  /** Low-cardinality key: {@code success} or {@code error}. */
  public static final String OUTCOME = "outcome";

  /**
   * Low-cardinality key: the simple class name of the exception the call threw, or {@code none}.
   */
  public static final String EXCEPTION = "exception";

  /**
   * High-cardinality key: the settles queued in the background when the call ended ({@link
   * #settleQueueDepth()}).
   */
  public static final String SETTLE_QUEUE_DEPTH = "rowan.settles.queue.depth";

  /** How a call reads or writes, as key {@value #ACCESS} names it. */
  public enum Access {
    /** A get of one row. */
    GET("get"),
    /** Gets of several rows in one call (the values of an {@code In}). */
    MULTI_GET("multi-get"),
    /** Scans of the range of a bound key prefix, one per salt bucket when the bucket is unknown. */
    RANGE("range"),
    /** Scans of one range per value of a key part the query does not bind. */
    SKIP_SCAN("skip-scan"),
    /** A scan of every row of the table. */
    FULL_SCAN("full-scan"),
    /** A save, insert, partial update or counter. */
    WRITE("write"),
    /** A delete, by entity, by key or by a query method. */
    DELETE("delete");

    private final String value;

    Access(String value) {
      this.value = value;
    }

    /** The value of key {@value RepositoryCallContext#ACCESS}. */
    public String value() {
      return value;
    }
  }

  /** A number a call costs, counted while it runs. */
  public enum Cost {
    /**
     * Rows HBase returned to the call: each row of a scanner, each non-empty result of a get or a
     * multi-get, of the table or view read and of the main rows read to check view rows or before a
     * write.
     */
    ROWS_READ("rows.read"),
    /**
     * Entities or projections the call returned: the elements of a list, set, page or stream (those
     * the caller took), 1 or 0 for one entity or an {@code Optional}; 0 for counts, existence
     * checks and writes.
     */
    ROWS_RETURNED("rows.returned"),
    /**
     * Calls to HBase: one per table call (a get, a batch of gets or mutations, a check-and-mutate
     * or a batch of them, however many region servers HBase sends it to), and one per scanner
     * opened (its opening and first batch of rows; the further batches of a scanner that reads more
     * rows than one response holds are not counted, unless the scan had HBase's scan metrics on for
     * a reason of its own).
     */
    RPCS("rpcs"),
    /**
     * Rounds a write ran again: rounds of the write protocol after the first (a main row changed
     * between its read and its commit, or a commit was lost), check-and-mutates of a partial update
     * or counter tried again, and claims of a unique key tried again.
     */
    RETRIES("retries"),
    /**
     * Writes a reader made to tidy after writers: view rows repaired or deleted as stale, and view
     * rows of no entity deleted (docs/view-consistency.md, the read protocol).
     */
    REPAIRS("repairs"),
    /**
     * Settles (step four of a batch of a write) handed to the background ({@code
     * Rowan.Builder.settleInBackground}).
     */
    SETTLES_QUEUED("settles.queued"),
    /**
     * Keys of unique views that a write found held by another entity (whether it then took them
     * over or failed).
     */
    UNIQUE_CONFLICTS("unique.conflicts");

    private final String suffix;
    private final String keyName;

    Cost(String suffix) {
      this.suffix = suffix;
      this.keyName = "rowan." + suffix;
    }

    /**
     * The high-cardinality key that carries this number: {@code rowan.} and its name, e.g. {@code
     * rowan.rows.read}.
     */
    public String keyName() {
      return keyName;
    }

    /**
     * The name of the distribution summary {@link RowanMeterObservationHandler} records it in:
     * {@code rowan.repository.} and its name, e.g. {@code rowan.repository.rows.read}.
     */
    public String meterName() {
      return NAME + "." + suffix;
    }
  }

  private static final Cost[] COSTS = Cost.values();

  private static final KeyValue SUCCESS = KeyValue.of(OUTCOME, "success");
  private static final KeyValue NO_EXCEPTION = KeyValue.of(EXCEPTION, "none");

  private final String repository;
  private final String method;
  private volatile String table;
  private volatile Access access;
  private final AtomicLongArray costs = new AtomicLongArray(COSTS.length);
  private volatile long settleQueueDepth;

  /** Whether the call has ended ({@link #end}): then its costs are high-cardinality key values. */
  private volatile boolean ended;

  /**
   * The value of {@value #EXCEPTION} once the call has ended, from which {@value #OUTCOME} follows.
   */
  private volatile String exception = "";

  /**
   * Whether low-cardinality key values were added or removed by others than Rowan (an observation
   * filter or convention): then handlers must read them all ({@link #hasOnlyRowanKeyValues()}).
   */
  private volatile boolean foreignKeyValues;

  /**
   * When the call started, by the clock of {@link RowanTimerObservationHandler}'s registry, and the
   * sample of its long task timer, if any: written and read by that handler only, at the start and
   * at the end of the call, which for a {@code Stream} can be on different threads.
   */
  volatile long started;

  volatile @Nullable Object activeSample;

  /**
   * The context of a call of {@code method} of {@code repository} (its simple name) that reads or
   * writes {@code table} as {@code access} says.
   *
   * @throws NullPointerException when an argument is null
   */
  public RepositoryCallContext(String repository, String method, String table, Access access) {
    this.repository = Objects.requireNonNull(repository, "repository");
    this.method = Objects.requireNonNull(method, "method");
    setName(NAME);
    tag(KeyValue.of(REPOSITORY, repository));
    tag(KeyValue.of(METHOD, method));
    plan(table, access);
  }

  /**
   * {@code <repository>.<method>} unless a contextual name was set: made when a handler asks (a
   * tracing handler, to name the span), not for every call.
   */
  @Override
  public String getContextualName() {
    String set = super.getContextualName();
    return set != null ? set : repository + "." + method;
  }

  /** The simple name of the repository interface. */
  public String repository() {
    return repository;
  }

  /** The name of the method called. */
  public String method() {
    return method;
  }

  /** The table or view read, or the main table written ({@value #TABLE}). */
  public String table() {
    return table;
  }

  /** How the call read or wrote. */
  public Access access() {
    return access;
  }

  /**
   * Sets the table and access of the call, once its plan for its arguments is known (a call's
   * {@code Sort}, or a view still building, can choose another than the method's).
   *
   * @throws NullPointerException when an argument is null
   */
  public void plan(String table, Access access) {
    this.table = Objects.requireNonNull(table, "table");
    this.access = Objects.requireNonNull(access, "access");
    tag(KeyValue.of(TABLE, table));
    tag(KeyValue.of(ACCESS, access.value()));
  }

  /** Adds {@code amount} to {@code cost}. */
  public void add(Cost cost, long amount) {
    costs.addAndGet(cost.ordinal(), amount);
  }

  /** The number counted of {@code cost} so far. */
  public long cost(Cost cost) {
    return costs.get(cost.ordinal());
  }

  /** Rows HBase returned to the call ({@link Cost#ROWS_READ}). */
  public long rowsRead() {
    return cost(Cost.ROWS_READ);
  }

  /** Entities or projections the call returned ({@link Cost#ROWS_RETURNED}). */
  public long rowsReturned() {
    return cost(Cost.ROWS_RETURNED);
  }

  /** Calls to HBase ({@link Cost#RPCS}). */
  public long rpcs() {
    return cost(Cost.RPCS);
  }

  /** Rounds a write ran again ({@link Cost#RETRIES}). */
  public long retries() {
    return cost(Cost.RETRIES);
  }

  /** Writes a reader made to tidy after writers ({@link Cost#REPAIRS}). */
  public long repairs() {
    return cost(Cost.REPAIRS);
  }

  /** Settles handed to the background ({@link Cost#SETTLES_QUEUED}). */
  public long settlesQueued() {
    return cost(Cost.SETTLES_QUEUED);
  }

  /** Keys of unique views found held by another entity ({@link Cost#UNIQUE_CONFLICTS}). */
  public long uniqueConflicts() {
    return cost(Cost.UNIQUE_CONFLICTS);
  }

  /**
   * The settles of this call's Rowan waiting in its background queue when the call ended (0 unless
   * it settles in the background).
   */
  public long settleQueueDepth() {
    return settleQueueDepth;
  }

  /** Sets {@link #settleQueueDepth()}. */
  public void settleQueueDepth(long depth) {
    this.settleQueueDepth = depth;
  }

  /**
   * Ends the call: adds {@value #OUTCOME} and {@value #EXCEPTION} for {@code error} (null when it
   * succeeded), and every cost as a high-cardinality key value. Called once, before the observation
   * stops.
   */
  public void end(@Nullable Throwable error) {
    exception = error == null ? "none" : error.getClass().getSimpleName();
    tag(error == null ? SUCCESS : KeyValue.of(OUTCOME, "error"));
    tag(error == null ? NO_EXCEPTION : KeyValue.of(EXCEPTION, exception));
    ended = true;
  }

  /**
   * The value of {@value #OUTCOME}: {@code success} or {@code error}; empty until the call ends.
   */
  public String outcome() {
    return exception.isEmpty() ? "" : exception.equals("none") ? "success" : "error";
  }

  /**
   * The value of {@value #EXCEPTION}: the simple class name of the exception the call threw, or
   * {@code none}; empty until the call ends.
   */
  public String exception() {
    return exception;
  }

  /**
   * Whether the low-cardinality key values are Rowan's alone ({@value #REPOSITORY}, {@value
   * #METHOD}, {@value #TABLE}, {@value #ACCESS}, and once the call ends {@value #OUTCOME} and
   * {@value #EXCEPTION}): false once an observation filter or convention added or removed any, so
   * that a handler that tags meters from this context's fields knows it must read the key values
   * instead.
   */
  public boolean hasOnlyRowanKeyValues() {
    return !foreignKeyValues;
  }

  /** Adds a key value of Rowan's own. */
  private void tag(KeyValue keyValue) {
    super.addLowCardinalityKeyValue(keyValue);
  }

  @Override
  public Observation.Context addLowCardinalityKeyValue(KeyValue keyValue) {
    foreignKeyValues = true;
    return super.addLowCardinalityKeyValue(keyValue);
  }

  @Override
  public Observation.Context addLowCardinalityKeyValues(KeyValues keyValues) {
    foreignKeyValues = true;
    return super.addLowCardinalityKeyValues(keyValues);
  }

  @Override
  public Observation.Context removeLowCardinalityKeyValue(String keyName) {
    foreignKeyValues = true;
    return super.removeLowCardinalityKeyValue(keyName);
  }

  @Override
  public Observation.Context removeLowCardinalityKeyValues(String... keyNames) {
    foreignKeyValues = true;
    return super.removeLowCardinalityKeyValues(keyNames);
  }

  /**
   * The high-cardinality key values: those added to this context, and once the call has ended every
   * cost and the settle queue, made when a handler asks (a tracing handler, to tag the span), not
   * for every call.
   */
  @Override
  public KeyValues getHighCardinalityKeyValues() {
    KeyValues added = super.getHighCardinalityKeyValues();
    if (!ended) {
      return added;
    }
    KeyValue[] costs = new KeyValue[COSTS.length + 1];
    for (int i = 0; i < COSTS.length; i++) {
      costs[i] = KeyValue.of(COSTS[i].keyName(), Long.toString(cost(COSTS[i])));
    }
    costs[COSTS.length] = KeyValue.of(SETTLE_QUEUE_DEPTH, Long.toString(settleQueueDepth));
    return added.and(costs);
  }

  @Override
  public @Nullable KeyValue getHighCardinalityKeyValue(String key) {
    return getHighCardinalityKeyValues().stream()
        .filter(keyValue -> keyValue.getKey().equals(key))
        .findFirst()
        .orElse(null);
  }
}
