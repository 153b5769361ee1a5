package dev.rowan.core.internal.repository;

import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.internal.context.KeyText;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.WriteMethodName;
import dev.rowan.core.internal.query.parse.WriteMethodSpec;
import dev.rowan.core.internal.write.EntityChange;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A partial update ({@code update<Properties>By<Key>}) or counter ({@code
 * add[To]<Property>By<Key>}) method of a repository, checked when the repository is created ({@link
 * WriteMethodSpec}) and served by {@link EntityStore#update}.
 *
 * <p>Thread-safety: immutable.
 */
public final class WriteMethod implements RepositoryHandler.Invoker {

  private final WriteMethodSpec spec;
  private final EntityModel<?> model;

  /**
   * The store of the entity whose key values are given; null when none can hold it (its period has
   * no tables).
   */
  private final Function<Object[], EntityStore<?>> stores;

  private WriteMethod(
      WriteMethodSpec spec, EntityModel<?> model, Function<Object[], EntityStore<?>> stores) {
    this.spec = spec;
    this.model = model;
    this.stores = stores;
  }

  /** Whether {@code method} is a write method, to create with {@link #create}. */
  static boolean handles(Method method) {
    return WriteMethodSpec.handles(method);
  }

  /**
   * The write method {@code method} of {@code repository}, or null after adding its problems to
   * {@code problems}.
   */
  public static @Nullable WriteMethod create(
      Class<?> repository,
      Method method,
      EntityModel<?> model,
      Function<Object[], EntityStore<?>> stores,
      MethodProblems problems) {
    WriteMethodSpec spec = WriteMethodSpec.compile(repository, method, model, problems);
    return spec == null ? null : new WriteMethod(spec, model, stores);
  }

  @Override
  public @Nullable Object invoke(Object[] args) {
    int changed = spec.properties().size();
    Object[] key = new Object[model.properties().size()];
    for (int i = 0; i < spec.key().size(); i++) {
      key[spec.key().get(i).index()] = args[changed + i];
    }
    if (spec.kind() == WriteMethodName.Effect.UPDATE) {
      Object[] after =
          update(key, EntityChange.set(spec.properties(), Arrays.copyOf(args, changed)));
      return spec.returns() == void.class ? null : after != null;
    }
    PropertyModel counter = spec.properties().get(0);
    if (args[0] == null) {
      throw new IllegalArgumentException(
          spec.name() + ": the number to add to " + counter.name() + " is null");
    }
    EntityChange change = EntityChange.add(counter, ((Number) args[0]).longValue());
    Object[] after = update(key, change);
    if (after == null) {
      throw EntityNotFoundException.of(
          model.entityName(), KeyText.of(model, key), KeyText.values(model, key), spec.name());
    }
    Number sum = (Number) change.sumIn(after);
    Class<?> returns = spec.returns();
    if (returns == void.class) {
      return null;
    }
    if (returns == long.class || returns == Long.class) {
      return sum.longValue();
    }
    return sum; // the counter's own type
  }

  /**
   * Applies {@code change} to the entity under {@code key} in its store: its values after, or null
   * when none is stored.
   */
  private Object @Nullable [] update(Object[] key, EntityChange change) {
    EntityStore<?> store = stores.apply(key);
    return store == null ? null : store.update(key, change);
  }
}
