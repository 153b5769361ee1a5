package dev.rowan.core.internal.write;

import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What a partial update or a counter's addition does to one entity: some properties set to values,
 * or a number added to one numeric property (a stored null counts as 0). A pure function from the
 * values before to the values after, applied again to the values read whenever a writer loses a
 * race, so concurrent additions lose nothing.
 *
 * <p>Thread-safety: immutable (the value array is not copied; callers do not change it).
 *
 * @param properties the properties changed; one for an addition
 * @param values the new values, by position in {@code properties}; null for an addition
 * @param delta the number added; 0 for an update
 */
public record EntityChange(List<PropertyModel> properties, Object @Nullable [] values, long delta)
    implements UnaryOperator<Object[]> {

  /** Copies the property list. */
  public EntityChange(List<PropertyModel> properties, Object @Nullable [] values, long delta) {
    this.properties = List.copyOf(properties);
    this.values = values;
    this.delta = delta;
  }

  /**
   * Sets {@code properties} to {@code values}.
   *
   * @throws InvalidValueException naming the property when a value is null for a primitive one
   */
  public static EntityChange set(List<PropertyModel> properties, Object[] values) {
    for (int i = 0; i < properties.size(); i++) {
      PropertyModel property = properties.get(i);
      if (values[i] == null && property.type().isPrimitive()) {
        throw InvalidValueException.of(
            property.qualifiedName(),
            "a " + property.type().getSimpleName() + " cannot be set to null");
      }
    }
    return new EntityChange(properties, values, 0);
  }

  /** Adds {@code delta} to {@code counter}. */
  public static EntityChange add(PropertyModel counter, long delta) {
    return new EntityChange(List.of(counter), null, delta);
  }

  /** Whether this change adds to a counter rather than setting values. */
  boolean isAddition() {
    return values == null;
  }

  /**
   * The values after the change: {@code before} (a copy the caller gives away), changed.
   *
   * @throws InvalidValueException naming the property when a sum leaves its type's range
   */
  @Override
  public Object[] apply(Object[] before) {
    if (isAddition()) {
      PropertyModel counter = properties.get(0);
      before[counter.index()] = sum(counter, before[counter.index()], delta);
      return before;
    }
    for (int i = 0; i < properties.size(); i++) {
      before[properties.get(i).index()] =
          Objects.requireNonNull(values, "a change that is no addition sets values")[i];
    }
    return before;
  }

  /** The value of the changed counter in {@code after}: the new sum. */
  public Object sumIn(Object[] after) {
    return after[properties.get(0).index()];
  }

  /**
   * {@code stored} (null counting as 0) plus {@code delta}, in {@code counter}'s type.
   *
   * @throws InvalidValueException naming the property when the sum leaves the type's range
   */
  static Object sum(PropertyModel counter, Object stored, long delta) {
    long before = stored == null ? 0 : ((Number) stored).longValue();
    Class<?> type = counter.type();
    long min;
    long max;
    if (type == long.class || type == Long.class) {
      min = Long.MIN_VALUE;
      max = Long.MAX_VALUE;
    } else if (type == int.class || type == Integer.class) {
      min = Integer.MIN_VALUE;
      max = Integer.MAX_VALUE;
    } else {
      min = Short.MIN_VALUE;
      max = Short.MAX_VALUE;
    }
    long after = before + delta;
    boolean overflows = ((before ^ after) & (delta ^ after)) < 0; // Math.addExact's test
    if (overflows || after < min || after > max) {
      throw InvalidValueException.of(
          counter.qualifiedName(),
          "adding "
              + delta
              + " to "
              + before
              + " leaves the range of "
              + type.getSimpleName()
              + "; nothing was written");
    }
    if (type == long.class || type == Long.class) {
      return after;
    }
    return type == int.class || type == Integer.class
        ? (Object) (int) after
        : (Object) (short) after;
  }
}
