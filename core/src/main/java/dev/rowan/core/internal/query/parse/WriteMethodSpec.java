package dev.rowan.core.internal.query.parse;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A partial update or counter method of a repository ({@link WriteMethodName}), checked against its
 * entity when the repository is created: the properties it changes (none of the key, not the
 * {@code @Version}, a number for a counter), the types of its parameters, and its return type.
 * Every reason a method cannot be served is reported, each naming the method. A pure function of
 * the method and the entity.
 *
 * <p>Thread-safety: immutable.
 *
 * @param name the method as messages name it, {@code Repository.method}
 * @param kind what it does
 * @param properties the properties it changes, in the order their values are given
 * @param key the key properties, in the order their parameters follow the values
 * @param returns what it returns
 */
public record WriteMethodSpec(
    String name,
    WriteMethodName.Effect kind,
    List<PropertyModel> properties,
    List<PropertyModel> key,
    Class<?> returns) {

  /** Copies the lists. */
  public WriteMethodSpec {
    properties = List.copyOf(properties);
    key = List.copyOf(key);
  }

  /** Whether {@code method} is a write method, to compile with {@link #compile}. */
  public static boolean handles(Method method) {
    return WriteMethodName.isWriteMethod(method.getName());
  }

  /**
   * The checked write method {@code method} of {@code repository} over {@code model}, or null after
   * adding to {@code problems} every reason it cannot be served.
   */
  public static @Nullable WriteMethodSpec compile(
      Class<?> repository, Method method, EntityModel<?> model, MethodProblems problems) {
    String name = problems.method();
    List<PropertyModel> keyParts = model.keyParts();
    Vocabulary vocabulary =
        new Vocabulary(
            model.entityName(),
            model.properties().stream().map(PropertyModel::name).toList(),
            Map.of());
    WriteMethodName parsed;
    try {
      parsed =
          WriteMethodName.parse(
              method.getName(),
              method.getParameterCount(),
              vocabulary,
              keyParts.stream().map(PropertyModel::name).toList());
    } catch (MethodNameException e) {
      problems.add(e);
      return null;
    }
    if (model.cellTimestamp() != null) {
      problems.add(
          model.entityName()
              + " maps its cells' timestamp (@CellTimestamp "
              + model.cellTimestamp().name()
              + "), which an update of some of its cells would leave behind; save the"
              + " whole entity instead");
    }
    List<PropertyModel> changed = parsed.properties().stream().map(model::property).toList();
    List<PropertyModel> key = parsed.key().stream().map(model::property).toList();
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < changed.size(); i++) {
      PropertyModel property = changed.get(i);
      if (keyParts.contains(property)) {
        problems.add(
            property.name()
                + " is part of "
                + model.entityName()
                + "'s key; an update"
                + " changes the entity stored under a key, never its key (save the entity under its new key and delete"
                + " the old one)");
      } else if (property.isVersion()) {
        problems.add(
            property.name()
                + " is the @Version of "
                + model.entityName()
                + ", which every write advances by itself");
      } else if (parsed.kind() == WriteMethodName.Effect.ADD && !isCounter(property.type())) {
        problems.add(
            property.name()
                + " is "
                + property.type().getSimpleName()
                + "; add<Property> adds to a long, int or short property");
      } else if (parsed.kind() == WriteMethodName.Effect.ADD && !isCounter(types[0])) {
        problems.add(
            "parameter 1, the number added to "
                + property.name()
                + ", is "
                + types[0].getSimpleName()
                + ", not a long, int or short");
      } else if (parsed.kind() == WriteMethodName.Effect.UPDATE
          && !fits(types[i], property.type())) {
        problems.add(
            "parameter "
                + (i + 1)
                + ", the new "
                + property.name()
                + ", is "
                + types[i].getSimpleName()
                + " but "
                + property.name()
                + " is "
                + property.type().getSimpleName());
      }
    }
    for (int i = 0; i < key.size(); i++) {
      PropertyModel part = key.get(i);
      int at = changed.size() + i;
      if (!fits(types[at], part.type())) {
        problems.add(
            "parameter "
                + (at + 1)
                + " is "
                + types[at].getSimpleName()
                + " but "
                + part.name()
                + " is "
                + part.type().getSimpleName());
      }
    }
    Class<?> returns = method.getReturnType();
    if (parsed.kind() == WriteMethodName.Effect.UPDATE
        && returns != void.class
        && Boxes.box(returns) != Boolean.class) {
      problems.addPredicate(
          "returns "
              + returns.getSimpleName()
              + "; an update returns boolean (whether an entity"
              + " was stored under the key, and so updated) or void");
    }
    if (parsed.kind() == WriteMethodName.Effect.ADD
        && returns != void.class
        && Boxes.box(returns) != Long.class
        && Boxes.box(returns) != Boxes.box(changed.get(0).type())) {
      problems.addPredicate(
          "returns "
              + returns.getSimpleName()
              + "; an add returns the new value, as long or as "
              + changed.get(0).type().getSimpleName()
              + ", or void");
    }
    return !problems.isEmpty()
        ? null
        : new WriteMethodSpec(name, parsed.kind(), changed, key, returns);
  }

  /**
   * Whether {@code type} can be a counter or the number added to one: a long, int or short,
   * primitive or boxed.
   */
  public static boolean isCounter(Class<?> type) {
    Class<?> boxed = Boxes.box(type);
    return boxed == Long.class || boxed == Integer.class || boxed == Short.class;
  }

  private static boolean fits(Class<?> parameter, Class<?> property) {
    return Boxes.box(property).isAssignableFrom(Boxes.box(parameter));
  }
}
