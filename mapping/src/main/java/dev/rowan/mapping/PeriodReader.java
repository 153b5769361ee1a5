package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code @TablePerPeriod} of an entity: the key part that names its period, the length of
 * a period and how many to keep and make ahead, and that no unique view spans periods. Every
 * problem goes to the model reader that asks. Thread-safety: stateless.
 */
final class PeriodReader {

  private PeriodReader() {}

  /**
   * The entity's {@code @TablePerPeriod}, checked: a key part of type {@code Instant} or {@code
   * LocalDate}; or null.
   */
  static @Nullable PeriodModel read(
      Class<?> type,
      List<PropertyModel> properties,
      List<ViewDefinition> views,
      Consumer<String> problem) {
    TablePerPeriod periods = type.getAnnotation(TablePerPeriod.class);
    if (periods == null) {
      return null;
    }
    String at =
        type.getSimpleName() + " is @TablePerPeriod(property = \"" + periods.property() + "\")";
    PropertyModel property =
        properties.stream()
            .filter(p -> p.name().equals(periods.property()))
            .findFirst()
            .orElse(null);
    if (property == null) {
      problem.accept(
          at
              + ", but it has no such property; its properties are "
              + properties.stream().map(PropertyModel::name).toList());
      return null;
    }
    if (property.role() != Role.ROW_KEY && property.role() != Role.COLUMN_KEY) {
      problem.accept(
          at
              + ", which is not a key part: the key of every entity must name its period, so that gets, saves"
              + " and deletes go to one period's tables; make it a @RowKey (or @ColumnKey) part");
    }
    if (property.type() != Instant.class && property.type() != LocalDate.class) {
      problem.accept(
          at
              + ", a "
              + property.type().getSimpleName()
              + ": a period is named by an Instant or a LocalDate");
    }
    if (periods.every() != ChronoUnit.DAYS
        && periods.every() != ChronoUnit.MONTHS
        && periods.every() != ChronoUnit.YEARS) {
      problem.accept(
          at + " every " + periods.every().name() + ": a period is DAYS, MONTHS or YEARS");
    }
    if (periods.keep() < 0 || periods.ahead() < 0) {
      problem.accept(
          at
              + " with keep = "
              + periods.keep()
              + " and ahead = "
              + periods.ahead()
              + ": neither may be negative");
    }
    for (ViewDefinition view : views) {
      if (view.unique() && !view.key().contains(property.name())) {
        problem.accept(
            at
                + " and its view '"
                + view.name()
                + "' is unique on "
                + view.key()
                + ": each period's view"
                + " tables hold that period's entities only, so two periods could each hold an entity with the same key;"
                + " add "
                + property.name()
                + " to the view's key (unique per time), or keep the entity in one table");
      }
    }
    return new PeriodModel(property, periods.every(), periods.keep(), periods.ahead());
  }
}
