package dev.rowan.spring.boot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up that failed because tables differ from their entities' mappings: what
 * differs, table by table, and what to do about it.
 */
final class RowanSchemaFailureAnalyzer
    extends AbstractFailureAnalyzer<RowanSchemaValidationException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, RowanSchemaValidationException cause) {
    String action =
        switch (cause.mode()) {
          case CREATE ->
              "Tables that exist but differ from their entities are never changed by"
                  + " rowan.schema.mode=create. Alter them to match (column family settings), migrate their rows"
                  + " to a new table for a key layout change (docs/row-keys.md, \"Layout changes\"), or change the"
                  + " entities back.";
          default ->
              "Create the missing tables (rowan.schema.mode=create creates missing tables and views at"
                  + " start-up, as rowan.schema().create does), alter the tables whose settings differ, or change the"
                  + " entities back. Set rowan.schema.mode=none to start without this check.";
        };
    return new FailureAnalysis(cause.getMessage(), action, cause);
  }
}
