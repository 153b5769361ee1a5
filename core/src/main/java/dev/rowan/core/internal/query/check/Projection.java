package dev.rowan.core.internal.query.check;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * What a find method returns of each entity instead of the entity itself: a record or an interface
 * whose components (or accessors) are some of the entity's properties, Spring Data's closed
 * projections. A record component names a property by its name; an interface accessor by its name
 * or, as a bean getter, {@code getX()}/{@code isX()} for property {@code x}; default methods of an
 * interface are called as they are. Each value must be assignable to what the component or accessor
 * declares, and a primitive one may only stand for a property that is never null. Only the
 * projected properties need to be read ({@link
 * dev.rowan.core.internal.query.plan.RowRead#forProjection}).
 *
 * <p>An interface projection is a {@link Proxy} whose {@code equals} and {@code hashCode} compare
 * the projection type and the projected values, and whose {@code toString} lists them.
 *
 * <p>Thread-safety: immutable.
 */
public final class Projection {

  private final Class<?> type;
  private final List<PropertyModel> properties;

  /** The canonical constructor of a record projection, else null. */
  private final @Nullable MethodHandle constructor;

  /** The property slot each accessor of an interface projection returns. */
  private final Map<Method, Integer> accessors;

  private Projection(
      Class<?> type,
      List<PropertyModel> properties,
      @Nullable MethodHandle constructor,
      Map<Method, Integer> accessors) {
    this.type = type;
    this.properties = List.copyOf(properties);
    this.constructor = constructor;
    this.accessors = Map.copyOf(accessors);
  }

  /**
   * Whether a find that returns {@code type} returns projections of {@code entity}: a record or an
   * interface of the application's (not the JDK's, such as a collection) that the entity is not.
   */
  public static boolean isProjection(Class<?> type, Class<?> entity) {
    return (type.isRecord() || type.isInterface())
        && !type.isAssignableFrom(entity)
        && !type.getName().startsWith("java.");
  }

  /**
   * The projection of {@code entity} to {@code type}.
   *
   * @throws IllegalArgumentException naming the type and the component or accessor at fault, when a
   *     component or accessor names no property, takes parameters, or declares a type its
   *     property's values are not
   */
  public static Projection of(Class<?> type, EntityModel<?> entity) {
    if (type.isRecord()) {
      return ofRecord(type, entity);
    }
    if (type.isInterface()) {
      return ofInterface(type, entity);
    }
    throw new IllegalArgumentException(
        type.getSimpleName()
            + " is not a projection of "
            + entity.entityName()
            + ": declare a record or an interface");
  }

  private static Projection ofRecord(Class<?> type, EntityModel<?> entity) {
    RecordComponent[] components = type.getRecordComponents();
    List<PropertyModel> properties = new ArrayList<>();
    for (RecordComponent component : components) {
      properties.add(
          property(type, component.getName(), component.getName(), component.getType(), entity));
    }
    try {
      Constructor<?> canonical =
          type.getDeclaredConstructor(
              Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      canonical.setAccessible(true);
      MethodHandle handle =
          MethodHandles.lookup()
              .unreflectConstructor(canonical)
              .asSpreader(Object[].class, components.length);
      return new Projection(type, properties, handle, Map.of());
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalArgumentException(
          "cannot construct projection " + type.getName() + ": " + e, e);
    }
  }

  private static Projection ofInterface(Class<?> type, EntityModel<?> entity) {
    List<PropertyModel> properties = new ArrayList<>();
    Map<Method, Integer> accessors = new LinkedHashMap<>();
    for (Method method : type.getMethods()) {
      if (!Modifier.isAbstract(method.getModifiers()) || isObjectMethod(method)) {
        continue;
      }
      String accessor = type.getSimpleName() + "." + method.getName() + "()";
      if (method.getParameterCount() > 0) {
        throw new IllegalArgumentException(
            "projection "
                + accessor.replace("()", "(...)")
                + " takes parameters;"
                + " an accessor of a projection of "
                + entity.entityName()
                + " takes none");
      }
      PropertyModel property =
          property(type, accessor, propertyName(method, entity), method.getReturnType(), entity);
      if (!properties.contains(property)) {
        properties.add(property);
      }
      accessors.put(method, property.index());
    }
    if (accessors.isEmpty()) {
      throw new IllegalArgumentException(
          "projection "
              + type.getSimpleName()
              + " declares no accessor of a property of "
              + entity.entityName());
    }
    return new Projection(type, properties, null, accessors);
  }

  /** The property an interface accessor names: its own name, or a bean getter's property. */
  private static String propertyName(Method method, EntityModel<?> entity) {
    String name = method.getName();
    if (has(entity, name)) {
      return name;
    }
    for (String prefix : List.of("get", "is")) {
      if (name.length() > prefix.length()
          && name.startsWith(prefix)
          && Character.isUpperCase(name.charAt(prefix.length()))) {
        String property =
            Character.toLowerCase(name.charAt(prefix.length()))
                + name.substring(prefix.length() + 1);
        if (has(entity, property)) {
          return property;
        }
      }
    }
    return name;
  }

  private static boolean has(EntityModel<?> entity, String name) {
    return entity.properties().stream().anyMatch(p -> p.name().equals(name));
  }

  private static PropertyModel property(
      Class<?> type, String member, String name, Class<?> declared, EntityModel<?> entity) {
    Optional<PropertyModel> found =
        entity.properties().stream().filter(p -> p.name().equals(name)).findFirst();
    String where = "projection " + (type.isRecord() ? type.getSimpleName() + "." + member : member);
    if (found.isEmpty()) {
      throw new IllegalArgumentException(
          where
              + " names no property of "
              + entity.entityName()
              + "; its properties are "
              + entity.properties().stream().map(PropertyModel::name).toList());
    }
    PropertyModel property = found.get();
    if (!wrap(declared).isAssignableFrom(wrap(property.type()))) {
      throw new IllegalArgumentException(
          where
              + " is "
              + declared.getSimpleName()
              + ", but "
              + property.qualifiedName()
              + " holds "
              + property.type().getSimpleName()
              + " values");
    }
    if (declared.isPrimitive() && !property.type().isPrimitive()) {
      throw new IllegalArgumentException(
          where
              + " is "
              + declared.getSimpleName()
              + ", but "
              + property.qualifiedName()
              + " may be null: declare "
              + wrap(declared).getSimpleName());
    }
    return property;
  }

  private static Class<?> wrap(Class<?> type) {
    return MethodType.methodType(type).wrap().returnType();
  }

  private static boolean isObjectMethod(Method method) {
    try {
      Object.class.getMethod(method.getName(), method.getParameterTypes());
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The type returned. */
  public Class<?> type() {
    return type;
  }

  /** The entity's properties the projection returns, in the order its type declares them. */
  public List<PropertyModel> properties() {
    return properties;
  }

  /**
   * The projection of the entity whose property values are {@code values} (indexed as the entity's
   * properties; a null value of a primitive property stands for its default).
   */
  public Object create(Object[] values) {
    if (constructor != null) {
      Object[] arguments = new Object[properties.size()];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] = valueOf(properties.get(i), values);
      }
      try {
        return constructor.invoke(arguments);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(
            "projection " + type.getSimpleName() + " could not be constructed: " + e, e);
      }
    }
    Object[] projected = new Object[values.length];
    for (PropertyModel property : properties) {
      projected[property.index()] = valueOf(property, values);
    }
    return Proxy.newProxyInstance(
        type.getClassLoader(), new Class<?>[] {type}, new Values(projected));
  }

  private static @Nullable Object valueOf(PropertyModel property, Object[] values) {
    Object value = values[property.index()];
    return value == null && property.type().isPrimitive() ? property.defaultValue() : value;
  }

  /** The handler of an interface projection: accessors return values, default methods run. */
  private final class Values implements InvocationHandler {

    private final Object[] values;

    Values(Object[] values) {
      this.values = values;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      Integer slot = accessors.get(method);
      if (slot != null) {
        return values[slot];
      }
      if (method.isDefault()) {
        return InvocationHandler.invokeDefault(proxy, method, args);
      }
      return switch (method.getName()) {
        case "equals" ->
            proxy == args[0]
                || args[0] != null
                    && Proxy.isProxyClass(args[0].getClass())
                    && Proxy.getInvocationHandler(args[0]) instanceof Projection.Values other
                    && other.projection().type == type
                    && Arrays.deepEquals(values, other.values);
        case "hashCode" -> type.hashCode() * 31 + Arrays.deepHashCode(values);
        case "toString" -> text();
        default ->
            throw new UnsupportedOperationException(type.getSimpleName() + "." + method.getName());
      };
    }

    private Projection projection() {
      return Projection.this;
    }

    private String text() {
      StringJoiner text = new StringJoiner(", ", type.getSimpleName() + "[", "]");
      properties.forEach(
          p ->
              text.add(
                  p.name()
                      + "="
                      + (values[p.index()] instanceof byte[] bytes
                          ? Arrays.toString(bytes)
                          : values[p.index()])));
      return text.toString();
    }
  }
}
