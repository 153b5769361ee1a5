package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.RowanException;
import dev.rowan.core.SchemaReport;
import dev.rowan.spring.boot.autoconfigure.RowanProperties.Schema.Mode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The schema step of {@code rowan.schema.mode} found tables that are missing or differ from their
 * entities' mappings: the message names each entity and, one line per difference, the table and the
 * setting that differs (as {@link dev.rowan.core.Schema#check} words them).
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class RowanSchemaValidationException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final transient Mode mode;
  private final transient List<SchemaReport> reports;

  private RowanSchemaValidationException(String message, Mode mode, List<SchemaReport> reports) {
    super(message);
    this.mode = mode;
    this.reports = List.copyOf(reports);
  }

  /**
   * The exception for {@code reports}, each with differences, found in {@code namespace} (null:
   * default).
   */
  static RowanSchemaValidationException of(
      Mode mode, @Nullable String namespace, List<SchemaReport> reports) {
    StringBuilder message =
        new StringBuilder("rowan.schema.mode=")
            .append(mode.name().toLowerCase())
            .append(": the tables of ")
            .append(reports.size())
            .append(reports.size() == 1 ? " entity" : " entities")
            .append(" in namespace ")
            .append(namespace == null ? "default" : namespace)
            .append(" do not match ")
            .append(reports.size() == 1 ? "its mapping" : "their mappings")
            .append(':');
    for (SchemaReport report : reports) {
      message.append("\n  ").append(report.entity()).append(':');
      report.differences().forEach(difference -> message.append("\n    - ").append(difference));
    }
    return new RowanSchemaValidationException(message.toString(), mode, reports);
  }

  /** The mode that ran: {@code validate} or {@code create}. */
  public Mode mode() {
    return mode;
  }

  /** What differs, one report per entity. */
  public List<SchemaReport> reports() {
    return reports;
  }
}
