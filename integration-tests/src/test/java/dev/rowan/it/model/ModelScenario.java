package dev.rowan.it.model;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The model test's one scenario, run for every entity shape: each subclass names a shape. Random
 * saves, batch saves, updates that move indexed values, deletes and re-saves of the same key in
 * the same millisecond, and every query method, each compared with an in-memory model of what
 * the user must see. {@code -Drowan.seed=N} replays a run, {@code -Drowan.model.ops=N} sets its
 * length (300 by default; 5000 is a long run). Then readers run while writers move entities
 * within their ranges ({@link ConcurrentPhase}; {@code -Drowan.model.concurrent.seconds=N}, 2 by
 * default).
 */
@HBaseTest
abstract class ModelScenario {

  abstract Shape<?, ?> shape();

  @Test
  void randomOperationsAnswerLikeTheModel(Rowan rowan) {
    Shape<?, ?> shape = shape();
    Assumptions.assumeFalse(KnownDefects.skipped(shape.hits()),
        () -> getClass().getSimpleName() + " runs into known defects " + shape.hits() + " (KnownDefects)");
    ModelRun.run(rowan, getClass().getSimpleName(), shape);
  }
}
