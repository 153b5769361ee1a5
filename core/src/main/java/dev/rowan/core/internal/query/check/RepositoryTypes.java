package dev.rowan.core.internal.query.check;

import dev.rowan.core.HBaseRepository;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The type variables a repository interface binds through its hierarchy, so that a generic base
 * ({@code interface Base<T> extends HBaseRepository<T>}, {@code interface Items extends
 * Base<Item>}) has its entity type and the types of its inherited methods resolved, as Spring Data
 * resolves them. Thread-safety: immutable after construction.
 */
public final class RepositoryTypes {

  private final Class<?> repository;
  private final Map<TypeVariable<?>, Type> bindings = new HashMap<>();

  private RepositoryTypes(Class<?> repository) {
    this.repository = repository;
    bind(repository);
  }

  /** The bindings of {@code repository}'s hierarchy. */
  public static RepositoryTypes of(Class<?> repository) {
    return new RepositoryTypes(repository);
  }

  private void bind(Type type) {
    Class<?> raw = raw(type);
    if (raw == null) {
      return;
    }
    if (type instanceof ParameterizedType parameterized) {
      TypeVariable<?>[] variables = raw.getTypeParameters();
      Type[] arguments = parameterized.getActualTypeArguments();
      for (int i = 0; i < variables.length; i++) {
        bindings.putIfAbsent(variables[i], arguments[i]);
      }
    }
    for (Type parent : raw.getGenericInterfaces()) {
      bind(parent);
    }
    if (raw.getGenericSuperclass() != null) {
      bind(raw.getGenericSuperclass());
    }
  }

  /**
   * The entity type {@code T} of {@code HBaseRepository<T>} as the repository binds it.
   *
   * @throws IllegalArgumentException when the repository does not extend HBaseRepository or leaves
   *     its type variable unbound
   */
  public Class<?> entityType() {
    if (!HBaseRepository.class.isAssignableFrom(repository)) {
      throw new IllegalArgumentException(
          repository.getName() + " does not extend " + HBaseRepository.class.getName());
    }
    Type entity = resolve(HBaseRepository.class.getTypeParameters()[0]);
    if (!(entity instanceof Class<?> type)) {
      throw new IllegalArgumentException(
          repository.getName()
              + " must bind the entity type of HBaseRepository<T>,"
              + " as in 'interface OrderRepository extends HBaseRepository<Order>'"
              + (entity instanceof TypeVariable<?> v
                  ? "; " + v.getName() + " of " + v.getGenericDeclaration() + " is left unbound"
                  : ""));
    }
    return type;
  }

  /**
   * {@code type} with the repository's type variables replaced, as far as they are bound: a
   * variable resolves to what the hierarchy binds it to, and stays a variable when nothing does (a
   * method's own type variable). Parameterized types keep their arguments unresolved; resolve an
   * argument with {@link #argument}.
   */
  Type resolve(Type type) {
    Type resolved = type;
    for (int depth = 0;
        resolved instanceof TypeVariable<?> variable && bindings.containsKey(variable);
        depth++) {
      if (depth > 100) {
        throw new IllegalStateException(
            "type variables of " + repository.getName() + " bind each other in a cycle");
      }
      resolved = bindings.get(variable);
    }
    return resolved;
  }

  /** The resolved {@code index}th type argument of {@code type}, or null when it is raw. */
  @Nullable Type argument(Type type, int index) {
    Type resolved = resolve(type);
    return resolved instanceof ParameterizedType parameterized
        ? resolve(parameterized.getActualTypeArguments()[index])
        : null;
  }

  /**
   * The class a value of {@code type} (resolved) is an instance of: its raw class, the upper bound
   * of a wildcard or unbound variable, {@code Object[]}-like classes for arrays; null when none can
   * be told.
   */
  @Nullable Class<?> rawClass(Type type) {
    Type resolved = resolve(type);
    if (resolved instanceof WildcardType wildcard) {
      return wildcard.getLowerBounds().length > 0
          ? Object.class
          : rawClass(wildcard.getUpperBounds()[0]);
    }
    if (resolved instanceof TypeVariable<?> variable) {
      return rawClass(variable.getBounds()[0]);
    }
    if (resolved instanceof GenericArrayType array) {
      Class<?> component = rawClass(array.getGenericComponentType());
      return component == null ? null : component.arrayType();
    }
    return raw(resolved);
  }

  private static @Nullable Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    return null;
  }
}
