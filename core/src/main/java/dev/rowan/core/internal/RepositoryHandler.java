package dev.rowan.core.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves the abstract methods of a repository: the CRUD methods of
 * {@link dev.rowan.core.HBaseRepository} by the entity's store. Every method is resolved when
 * the repository is created, so a call costs a map lookup.
 */
final class RepositoryHandler implements InvocationHandler {

  /** One resolved method. */
  @FunctionalInterface
  interface Invoker {
    Object invoke(Object[] args) throws Throwable;
  }

  private final Class<?> type;
  private final Map<Method, Invoker> invokers = new HashMap<>();

  RepositoryHandler(Class<?> type, EntityStore<?> store, List<Method> methods) {
    this.type = type;
    List<String> problems = new ArrayList<>();
    for (Method method : methods) {
      Invoker invoker = CrudMethods.resolve(method, store);
      if (invoker == null) {
        problems.add(type.getSimpleName() + "." + method.getName() + ": query methods derived from names are not"
            + " supported yet; only the methods of HBaseRepository are");
      } else {
        invokers.put(method, invoker);
      }
    }
    if (!problems.isEmpty()) {
      throw RepositoryFactory.unsupported(type, problems);
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
