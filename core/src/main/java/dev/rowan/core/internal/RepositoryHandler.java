package dev.rowan.core.internal;

import dev.rowan.core.QueryMethodException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves the abstract methods of a repository: the CRUD methods of
 * {@link dev.rowan.core.HBaseRepository} by the entity's store, partial updates and counters
 * ({@code update...By...}, {@code add...By...}) as {@link WriteMethod}s, and every other abstract
 * method as a query method derived from its name ({@link QueryMethod}). Every method is resolved when
 * the repository is created, so a call costs a map lookup.
 */
final class RepositoryHandler implements InvocationHandler {

  /** One resolved method. */
  @FunctionalInterface
  interface Invoker {
    Object invoke(Object[] args) throws Throwable;
  }

  /** A query method, which {@code explain} describes. */
  interface Explained extends Invoker {
    String explain();
  }

  private final Class<?> type;
  private final Map<Method, Invoker> invokers = new HashMap<>();

  /**
   * The handler of {@code methods} of repository {@code type}, served by {@code store}, or by
   * {@code periods} for an entity kept in one table per period (the other is null).
   */
  RepositoryHandler(Class<?> type, EntityStore<?> store, PeriodStores<?> periods, List<Method> methods) {
    this.type = type;
    List<String> problems = new ArrayList<>();
    ExplainedMethods queries = new ExplainedMethods(type.getSimpleName());
    for (Method method : methods) {
      if (method.getName().equals("explain") && method.getParameterCount() == 1
          && method.getParameterTypes()[0] == String.class) {
        invokers.put(method, args -> queries.find((String) args[0]).explain());
        continue;
      }
      Invoker invoker = CrudMethods.resolve(method, periods != null ? new PeriodCrud<>(periods) : store);
      if (invoker == null && WriteMethod.handles(method)) {
        WriteMethod write = periods != null ? WriteMethod.create(type, method, periods.model(), periods::forRead, problems)
            : WriteMethod.create(type, method, store.model(), key -> store, problems);
        if (write != null) {
          invokers.put(method, write);
        }
      } else if (invoker == null) {
        Explained query = periods != null ? PeriodQueryMethod.create(type, method, periods, problems)
            : QueryMethod.create(type, method, store, problems);
        if (query != null) {
          invokers.put(method, query);
          queries.add(method, query);
        }
      } else {
        invokers.put(method, invoker);
      }
    }
    if (!problems.isEmpty()) {
      throw QueryMethodException.of(type.getName(), problems);
    }
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getName().equals("toString") && method.getParameterCount() == 0) {
      return type.getSimpleName() + " (a Rowan repository)";
    }
    Invoker invoker = invokers.get(method);
    if (invoker == null) {
      throw new IllegalStateException(type.getName() + "." + method.getName() + " was not resolved");
    }
    return invoker.invoke(args == null ? new Object[0] : args);
  }
}
