package dev.rowan.core;

import dev.rowan.RowanException;

/**
 * A table exists but does not match its entity's mapping.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class SchemaMismatchException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final SchemaReport report;

  private SchemaMismatchException(SchemaReport report) {
    super(
        "The tables of "
            + report.entity()
            + " do not match its mapping:\n  - "
            + String.join("\n  - ", report.differences()));
    this.report = report;
  }

  /** The exception for a report with differences. */
  public static SchemaMismatchException of(SchemaReport report) {
    return new SchemaMismatchException(report);
  }

  /** The differences found. */
  public SchemaReport report() {
    return report;
  }
}
