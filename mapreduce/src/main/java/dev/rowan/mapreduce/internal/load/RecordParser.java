package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Turns one input line into the value array of an entity ({@link EntityModel#values}), or rejects
 * it with a reason. Implementations keep per-file state (a CSV header) and are used by one map
 * task.
 */
interface RecordParser {

  /**
   * The entity values of {@code line}; properties the line does not mention are null (or zero for
   * primitives).
   *
   * @throws RejectedLineException with the reason when the line cannot be read
   */
  Object[] parse(String line) throws RejectedLineException;

  /**
   * The property that an input column or field called {@code name} fills: the property of that
   * name, or else the only one whose name differs in case alone; null when there is none.
   */
  static @Nullable PropertyModel property(EntityModel<?> model, String name) {
    if (model.hasProperty(name)) {
      return model.property(name);
    }
    PropertyModel found = null;
    for (PropertyModel property : model.properties()) {
      if (property.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        if (found != null) {
          return null;
        }
        found = property;
      }
    }
    return found;
  }

  /** A value array with the defaults of primitive properties filled in. */
  static Object[] emptyValues(EntityModel<?> model) {
    Object[] values = new Object[model.properties().size()];
    for (PropertyModel property : model.properties()) {
      values[property.index()] = property.defaultValue();
    }
    return values;
  }
}
