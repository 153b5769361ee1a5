package dev.rowan.mapping.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** An {@link EntityAccessor} on method handles: the fallback when bytecode cannot be defined. */
final class MethodHandleAccessor implements EntityAccessor {

  private final MethodHandle[] getters;

  /** The field setters; null for a record, which is made by its canonical constructor. */
  private final MethodHandle @Nullable [] setters;

  private final MethodHandle constructor;

  private MethodHandleAccessor(
      MethodHandle[] getters, MethodHandle @Nullable [] setters, MethodHandle constructor) {
    this.getters = getters;
    this.setters = setters;
    this.constructor = constructor;
  }

  static EntityAccessor of(MethodHandles.Lookup lookup, Class<?> type, List<Field> fields) {
    try {
      int n = fields.size();
      MethodHandle[] getters = new MethodHandle[n];
      MethodHandle @Nullable [] setters = type.isRecord() ? null : new MethodHandle[n];
      for (int i = 0; i < n; i++) {
        getters[i] =
            lookup
                .unreflectGetter(fields.get(i))
                .asType(MethodType.methodType(Object.class, Object.class));
        if (setters != null) {
          setters[i] =
              lookup
                  .unreflectSetter(fields.get(i))
                  .asType(MethodType.methodType(void.class, Object.class, Object.class));
        }
      }
      MethodHandle constructor;
      if (type.isRecord()) {
        Class<?>[] parameterTypes = fields.stream().map(Field::getType).toArray(Class<?>[]::new);
        constructor =
            lookup
                .unreflectConstructor(GeneratedAccessors.constructor(type, parameterTypes))
                .asType(
                    MethodType.methodType(
                        Object.class,
                        parameterTypes.length == 0
                            ? new Class<?>[0]
                            : objects(parameterTypes.length)))
                .asSpreader(Object[].class, parameterTypes.length);
      } else {
        constructor =
            lookup
                .unreflectConstructor(GeneratedAccessors.constructor(type))
                .asType(MethodType.methodType(Object.class));
      }
      return new MethodHandleAccessor(getters, setters, constructor);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Rowan cannot access the fields of " + type.getName(), e);
    }
  }

  private static Class<?>[] objects(int n) {
    Class<?>[] types = new Class<?>[n];
    Arrays.fill(types, Object.class);
    return types;
  }

  @Override
  public void read(Object entity, @Nullable Object[] values) {
    try {
      for (int i = 0; i < getters.length; i++) {
        values[i] = getters[i].invokeExact(entity);
      }
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  @Override
  public Object create(@Nullable Object[] values) {
    try {
      if (setters == null) {
        return constructor.invokeExact(values);
      }
      Object entity = constructor.invokeExact();
      for (int i = 0; i < setters.length; i++) {
        setters[i].invokeExact(entity, values[i]);
      }
      return entity;
    } catch (Throwable e) {
      throw rethrow(e);
    }
  }

  private static RuntimeException rethrow(Throwable e) {
    if (e instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (e instanceof Error error) {
      throw error;
    }
    return new IllegalStateException(e);
  }
}
