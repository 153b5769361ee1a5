package dev.rowan.core.observation;

import dev.rowan.core.observation.RepositoryCallContext.Cost;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records what Rowan's observations carry as meters of a {@link MeterRegistry}: for each repository
 * call ({@link RepositoryCallContext}) one value of each of the distribution summaries {@code
 * rowan.repository.rows.read}, {@code rowan.repository.rows.returned}, {@code
 * rowan.repository.rpcs}, {@code rowan.repository.retries}, {@code rowan.repository.repairs},
 * {@code rowan.repository.settles.queued} and {@code rowan.repository.unique.conflicts} ({@link
 * Cost#meterName()}), tagged {@code rowan.repository}, {@code rowan.method}, {@code rowan.table}
 * and {@code rowan.access}, and the gauge {@value #SETTLE_QUEUE_DEPTH} (the queue as the last call
 * saw it); for each job ({@link RowanJobContext}) one value of {@code rowan.job.<counter>} per
 * counter, tagged {@code rowan.job} and {@code rowan.entity}, and of {@code
 * rowan.job.table.<counter>} per table counter, tagged {@code rowan.table} too.
 *
 * <p>It is a plain handler, registered beside Micrometer's {@code DefaultMeterObservationHandler}
 * (which makes the {@code rowan.repository} and {@code rowan.job} timers), not a {@code
 * MeterObservationHandler}: of those a registry calls only the first that supports a context.
 *
 * <pre>{@code
 * ObservationRegistry observations = ObservationRegistry.create();
 * observations.observationConfig()
 *     .observationHandler(new DefaultMeterObservationHandler(meters))
 *     .observationHandler(new RowanMeterObservationHandler(meters));
 * Rowan rowan = Rowan.builder(connection).observationRegistry(observations).build();
 * }</pre>
 *
 * <p>Thread-safety: thread-safe.
 *
 * @since 0.1
 */
public final class RowanMeterObservationHandler implements ObservationHandler<Observation.Context> {

  private static final Cost[] COSTS = Cost.values();

  /**
   * The gauge of the settles waiting in the background queue, as the last repository call to end
   * saw it.
   */
  public static final String SETTLE_QUEUE_DEPTH = "rowan.settles.queue.depth";

  /** The prefix of the summaries of a job's counters. */
  public static final String JOB_PREFIX = "rowan.job.";

  /** The prefix of the summaries of a job's counters per table. */
  public static final String JOB_TABLE_PREFIX = "rowan.job.table.";

  private final MeterRegistry meters;
  private final AtomicLong queueDepth = new AtomicLong();

  /**
   * The summaries of each repository method's calls, by their tags: looked up once, not per call.
   */
  private final Map<CallTags, DistributionSummary[]> summaries = new ConcurrentHashMap<>();

  /**
   * A handler that records in {@code meters}, where it registers the gauge {@value
   * #SETTLE_QUEUE_DEPTH}.
   *
   * @throws NullPointerException when {@code meters} is null
   */
  public RowanMeterObservationHandler(MeterRegistry meters) {
    this.meters = Objects.requireNonNull(meters, "meters");
    Gauge.builder(SETTLE_QUEUE_DEPTH, queueDepth, AtomicLong::get)
        .description(
            "Settles of view rows waiting in the background queue of a Rowan, when its last call ended")
        .register(meters);
  }

  @Override
  public boolean supportsContext(Observation.Context context) {
    return context instanceof RepositoryCallContext || context instanceof RowanJobContext;
  }

  @Override
  public void onStop(Observation.Context context) {
    if (context instanceof RepositoryCallContext call) {
      record(call);
    } else if (context instanceof RowanJobContext job) {
      record(job);
    }
  }

  private void record(RepositoryCallContext call) {
    DistributionSummary[] costs = summaries.computeIfAbsent(CallTags.of(call), this::register);
    for (int i = 0; i < COSTS.length; i++) {
      costs[i].record(call.cost(COSTS[i]));
    }
    queueDepth.set(call.settleQueueDepth());
  }

  /**
   * The summaries of the calls tagged {@code call}, one per {@link Cost}, registered in {@link
   * #meters}.
   */
  private DistributionSummary[] register(CallTags call) {
    Tags tags =
        Tags.of(
            RepositoryCallContext.REPOSITORY,
            call.repository(),
            RepositoryCallContext.METHOD,
            call.method(),
            RepositoryCallContext.TABLE,
            call.table(),
            RepositoryCallContext.ACCESS,
            call.access().value());
    DistributionSummary[] costs = new DistributionSummary[COSTS.length];
    for (int i = 0; i < COSTS.length; i++) {
      costs[i] = DistributionSummary.builder(COSTS[i].meterName()).tags(tags).register(meters);
    }
    return costs;
  }

  private void record(RowanJobContext job) {
    Tags tags =
        Tags.of(RowanJobContext.JOB, job.job().value(), RowanJobContext.ENTITY, job.entity());
    job.counters()
        .forEach(
            (name, value) ->
                DistributionSummary.builder(JOB_PREFIX + name)
                    .tags(tags)
                    .register(meters)
                    .record(value));
    for (Map.Entry<String, Map<String, Long>> table : job.tableCounters().entrySet()) {
      Tags tableTags = tags.and(RepositoryCallContext.TABLE, table.getKey());
      table
          .getValue()
          .forEach(
              (name, value) ->
                  DistributionSummary.builder(JOB_TABLE_PREFIX + name)
                      .tags(tableTags)
                      .register(meters)
                      .record(value));
    }
  }
}
