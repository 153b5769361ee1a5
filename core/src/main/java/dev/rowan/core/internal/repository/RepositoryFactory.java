package dev.rowan.core.internal.repository;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.internal.query.check.RepositoryTypes;
import io.micrometer.observation.ObservationRegistry;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.InvocationHandlerAdapter;
import net.bytebuddy.matcher.ElementMatchers;
import org.jspecify.annotations.Nullable;

/**
 * Builds repository implementations: a class generated once per repository type with Byte Buddy,
 * defined beside the user's type (so package-private interfaces work), whose abstract methods call
 * a {@link RepositoryHandler} made for each Rowan. Default and concrete methods of the user's type
 * are left as they are.
 */
public final class RepositoryFactory {

  private static final LoadingCache<Class<?>, Class<?>> IMPLEMENTATIONS =
      Caffeine.newBuilder().weakKeys().build(RepositoryFactory::generate);

  private RepositoryFactory() {}

  /**
   * The repository of {@code type}, served by its entity's storage as {@code storages} gives it,
   * its calls observed in {@code observations} (docs/observability.md), which report the queue of
   * {@code background} (null: none).
   *
   * @throws QueryMethodException listing every method that cannot be served
   * @throws IllegalArgumentException when {@code type} does not extend {@link HBaseRepository}
   */
  public static <R> R create(
      Function<Class<?>, EntityStorage<?>> storages,
      Class<R> type,
      ObservationRegistry observations,
      @Nullable BackgroundSettles background) {
    RepositoryHandler handler =
        new RepositoryHandler(
            type,
            storages.apply(entityType(type)),
            abstractMethods(type),
            CallObserver.of(observations, type, background));
    try {
      Object repository = IMPLEMENTATIONS.get(type).getDeclaredConstructor().newInstance();
      ((HandlerHolder) repository).rowanHandler(handler);
      return type.cast(repository);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate the repository of " + type.getName(), e);
    }
  }

  /**
   * The entity type {@code T} of {@code HBaseRepository<T>} as {@code type} binds it, directly or
   * through generic base interfaces.
   */
  static Class<?> entityType(Class<?> type) {
    return RepositoryTypes.of(type).entityType();
  }

  private static List<Method> abstractMethods(Class<?> type) {
    Map<String, Method> methods = new HashMap<>();
    collect(type, methods);
    return new ArrayList<>(methods.values());
  }

  private static void collect(Class<?> type, Map<String, Method> methods) {
    for (Method method : type.getDeclaredMethods()) {
      if (Modifier.isAbstract(method.getModifiers())
          && !method.isBridge()
          && !method.isSynthetic()) {
        methods.putIfAbsent(method.getName() + List.of(method.getParameterTypes()), method);
      }
    }
    for (Class<?> parent : type.getInterfaces()) {
      collect(parent, methods);
    }
    if (type.getSuperclass() != null) {
      collect(type.getSuperclass(), methods);
    }
  }

  private static Class<?> generate(Class<?> type) {
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
      var builder =
          type.isInterface()
              ? new ByteBuddy().subclass(Object.class).implement(type)
              : new ByteBuddy().subclass(type);
      return builder
          .name(type.getName() + "$$RowanRepository")
          .defineField("rowanHandler", InvocationHandler.class, Visibility.PRIVATE)
          .implement(HandlerHolder.class)
          .intercept(FieldAccessor.ofField("rowanHandler"))
          .method(
              ElementMatchers.isAbstract()
                  .and(ElementMatchers.not(ElementMatchers.isDeclaredBy(HandlerHolder.class))))
          .intercept(InvocationHandlerAdapter.toField("rowanHandler"))
          .method(ElementMatchers.isToString())
          .intercept(InvocationHandlerAdapter.toField("rowanHandler"))
          .make()
          .load(type.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(lookup))
          .getLoaded();
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(
          "Rowan cannot implement " + type.getName() + "; open its package to Rowan", e);
    }
  }

  /** Lets the factory hand the generated class its handler. Public only for generated code. */
  public interface HandlerHolder {
    /** Sets the handler every abstract method calls. */
    void rowanHandler(InvocationHandler handler);
  }
}
