package dev.rowan.core.internal.repository;

import dev.rowan.core.QueryMethodException;
import dev.rowan.core.internal.query.parse.MethodProblem;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.observation.RepositoryCallContext.Access;
import dev.rowan.mapping.EntityModel;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Serves the abstract methods of a repository from its entity's {@link EntityStorage}: the CRUD
 * methods of {@link dev.rowan.core.HBaseRepository}, partial updates and counters ({@code
 * update...By...}, {@code add...By...}) as {@link WriteMethod}s, and every other abstract method as
 * a query method derived from its name ({@link QueryMethod}). Every method is resolved when the
 * repository is created, so a call costs a map lookup. With an observation registry, every call but
 * {@code explain} is observed ({@link CallObserver}).
 */
public final class RepositoryHandler implements InvocationHandler {

  /** One resolved method. */
  @FunctionalInterface
  interface Invoker {
    @Nullable Object invoke(Object[] args) throws Throwable;
  }

  /** A query method, which {@code explain} describes. */
  interface Explained extends Invoker {
    String explain();
  }

  /** A query method derived from its name, whose calls are observed with its plan. */
  public interface DerivedQuery extends Explained {
    /** The plan of a call without a {@code Sort}, with every view readable. */
    MethodPlan plan();
  }

  /**
   * A resolved method: what serves it, and what its calls are named and tagged with when observed
   * (null when calls are not observed, and for {@code explain}).
   */
  private record Resolved(Invoker invoker, CallObserver.@Nullable Target target) {}

  private final Class<?> type;

  /** Observes the calls, or null when they are not observed. */
  private final @Nullable CallObserver observer;

  private final Map<Method, Resolved> resolved = new HashMap<>();

  /**
   * The handler of {@code methods} of repository {@code type}, served by {@code storage}, its calls
   * observed by {@code observer} (null: not observed).
   */
  RepositoryHandler(
      Class<?> type,
      EntityStorage<?> storage,
      List<Method> methods,
      @Nullable CallObserver observer) {
    this.type = type;
    this.observer = observer;
    EntityModel<?> model = storage.model();
    List<MethodProblem> problems = new ArrayList<>();
    ExplainedMethods queries = new ExplainedMethods(type.getSimpleName());
    for (Method method : methods) {
      if (method.getName().equals("explain")
          && method.getParameterCount() == 1
          && method.getParameterTypes()[0] == String.class) {
        resolved.put(method, new Resolved(args -> queries.find((String) args[0]).explain(), null));
        continue;
      }
      Invoker invoker = CrudMethods.resolve(method, storage.crud());
      if (invoker == null && WriteMethod.handles(method)) {
        MethodProblems refusals = MethodProblems.of(type, method);
        WriteMethod write = storage.writeMethod(type, method, refusals);
        problems.addAll(refusals.problems());
        if (write != null) {
          put(
              method,
              write,
              () -> CallObserver.write(CallObserver.observedName(method), model, false));
        }
      } else if (invoker == null) {
        MethodProblems refusals = MethodProblems.of(type, method);
        DerivedQuery query = storage.queryMethod(type, method, refusals);
        problems.addAll(refusals.problems());
        if (query != null) {
          queries.add(method, query);
          put(
              method,
              query,
              () -> CallObserver.query(CallObserver.observedName(method), query.plan(), model));
        }
      } else {
        put(method, invoker, () -> crudTarget(method.getName(), model));
      }
    }
    if (!problems.isEmpty()) {
      throw QueryMethodException.of(type.getName(), MethodProblems.sentences(problems));
    }
  }

  /**
   * Resolves {@code method} to {@code invoker}, and to its {@code target} when calls are observed.
   */
  private void put(Method method, Invoker invoker, Supplier<CallObserver.Target> target) {
    resolved.put(method, new Resolved(invoker, observer == null ? null : target.get()));
  }

  private static CallObserver.Target crudTarget(String method, EntityModel<?> model) {
    return switch (method) {
      case "findByKey" -> CallObserver.read(method, model, Access.GET);
      case "scanAll" -> CallObserver.read(method, model, Access.FULL_SCAN);
      case "delete", "deleteByKey" -> CallObserver.write(method, model, true);
      default -> CallObserver.write(method, model, false);
    };
  }

  @Override
  public @Nullable Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getName().equals("toString") && method.getParameterCount() == 0) {
      return type.getSimpleName() + " (a Rowan repository)";
    }
    Resolved call = resolved.get(method);
    if (call == null) {
      throw new IllegalStateException(
          type.getName() + "." + method.getName() + " was not resolved");
    }
    Object[] arguments = args == null ? new Object[0] : args;
    return call.target() == null
        ? call.invoker().invoke(arguments)
        : Objects.requireNonNull(observer, "only an observed repository resolves a target")
            .call(call.target(), call.invoker(), arguments);
  }
}
