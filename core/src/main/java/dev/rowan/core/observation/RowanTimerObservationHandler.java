package dev.rowan.core.observation;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.Observation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The meters Micrometer's {@link DefaultMeterObservationHandler} makes of Rowan's repository calls
 * ({@link RepositoryCallContext}), the same meters with the same names and tags, made for less: the
 * timer {@value RepositoryCallContext#NAME}, tagged with every low-cardinality key value of the
 * call and {@code error}, and the long task timer {@code rowan.repository.active}, tagged with
 * those the call has when it starts. Micrometer's handler builds and sorts the tags of a call and
 * looks its meters up by them, twice per call; this one looks each method's meters up once, by the
 * call's fields, and only reads the key values of a call to which an observation filter or
 * convention added its own ({@link RepositoryCallContext#hasOnlyRowanKeyValues()}).
 *
 * <p>It is a {@link MeterObservationHandler}, of which a registry should call only the first that
 * supports a context: register it before Micrometer's, in a {@link
 * io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler}, which
 * then serves every other observation. Spring Boot groups meter handlers that way by itself; the
 * starter's bean comes first. {@link RowanMeterObservationHandler}, which records what calls cost,
 * is registered beside them.
 *
 * <pre>{@code
 * ObservationRegistry observations = ObservationRegistry.create();
 * observations.observationConfig()
 *     .observationHandler(new FirstMatchingCompositeObservationHandler(
 *         new RowanTimerObservationHandler(meters), new DefaultMeterObservationHandler(meters)))
 *     .observationHandler(new RowanMeterObservationHandler(meters));
 * }</pre>
 *
 * <p>Thread-safety: thread-safe.
 *
 * @since 0.2
 */
public final class RowanTimerObservationHandler
    implements MeterObservationHandler<RepositoryCallContext> {

  /** The name of the long task timer of calls in progress. */
  public static final String ACTIVE = RepositoryCallContext.NAME + ".active";

  /** The tag Micrometer's handler adds to every timer: the exception's simple name, or none. */
  private static final String ERROR = "error";

  private final MeterRegistry meters;
  private final Clock clock;
  private final boolean longTaskTimer;

  /** The timers of calls by their tags, made once per method, table, access and ending. */
  private final Map<Ended, Timer> timers = new ConcurrentHashMap<>();

  /** The long task timers of calls by their tags when they start. */
  private final Map<CallTags, LongTaskTimer> active = new ConcurrentHashMap<>();

  /**
   * A handler that records in {@code meters}, without the meters {@code ignored} names, as
   * Micrometer's handler of the same arguments would ({@code IgnoredMeters.LONG_TASK_TIMER}: no
   * {@value #ACTIVE}).
   *
   * @throws NullPointerException when an argument is null
   */
  public RowanTimerObservationHandler(MeterRegistry meters, IgnoredMeters... ignored) {
    this.meters = Objects.requireNonNull(meters, "meters");
    this.clock = meters.config().clock();
    this.longTaskTimer = !Arrays.asList(ignored).contains(IgnoredMeters.LONG_TASK_TIMER);
  }

  @Override
  public boolean supportsContext(Observation.Context context) {
    return context instanceof RepositoryCallContext;
  }

  @Override
  public void onStart(RepositoryCallContext context) {
    if (longTaskTimer) {
      LongTaskTimer timer =
          context.hasOnlyRowanKeyValues()
              ? active.computeIfAbsent(
                  CallTags.of(context),
                  started -> LongTaskTimer.builder(ACTIVE).tags(tags(context)).register(meters))
              : LongTaskTimer.builder(ACTIVE).tags(tags(context)).register(meters);
      context.activeSample = timer.start();
    }
    context.started = clock.monotonicTime();
  }

  @Override
  public void onStop(RepositoryCallContext context) {
    long took = clock.monotonicTime() - context.started;
    String error = context.getError() == null ? "none" : errorName(context);
    Timer timer =
        context.hasOnlyRowanKeyValues()
            ? timers.computeIfAbsent(
                new Ended(CallTags.of(context), context.exception(), error),
                ended -> timer(context, error))
            : timer(context, error);
    timer.record(took, TimeUnit.NANOSECONDS);
    if (context.activeSample instanceof LongTaskTimer.Sample sample) {
      sample.stop();
    }
  }

  /** Counts {@code event} as Micrometer's handler does. */
  @Override
  public void onEvent(Observation.Event event, RepositoryCallContext context) {
    Counter.builder(context.getName() + "." + event.getName())
        .tags(tags(context))
        .register(meters)
        .increment();
  }

  private Timer timer(RepositoryCallContext context, String error) {
    return Timer.builder(RepositoryCallContext.NAME)
        .tags(tags(context).and(ERROR, error))
        .register(meters);
  }

  private static String errorName(RepositoryCallContext context) {
    return Objects.requireNonNull(context.getError(), "an error").getClass().getSimpleName();
  }

  /** The tags of every low-cardinality key value of {@code context}. */
  private static Tags tags(RepositoryCallContext context) {
    List<Tag> tags = new ArrayList<>();
    context
        .getLowCardinalityKeyValues()
        .forEach(kv -> tags.add(Tag.of(kv.getKey(), kv.getValue())));
    return Tags.of(tags);
  }

  /**
   * The tags of a call when it ends: those it started with (or was planned with since), its {@code
   * exception} (which says its outcome too) and {@code error}.
   */
  private record Ended(CallTags call, String exception, String error) {}
}
