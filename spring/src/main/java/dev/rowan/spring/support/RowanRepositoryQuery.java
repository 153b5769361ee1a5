package dev.rowan.spring.support;

import dev.rowan.core.QueryMethodException;
import java.util.Objects;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * One query method of a Rowan repository as Spring Data runs it: each call converts the arguments
 * of Spring Data's types to Rowan's, calls Rowan's method (planned when the repository was built)
 * and converts its result ({@link MethodBridge}). A refusal at the call names the interface's
 * method, never the generated twin's.
 *
 * <p>Thread-safety: thread-safe.
 */
final class RowanRepositoryQuery implements RepositoryQuery {

  private final QueryMethod queryMethod;
  private final MethodBridge bridge;
  private final Object target;
  private final TwinRepository twin;

  RowanRepositoryQuery(
      QueryMethod queryMethod, MethodBridge bridge, Object target, TwinRepository twin) {
    this.queryMethod = queryMethod;
    this.bridge = bridge;
    this.target = target;
    this.twin = twin;
  }

  @Override
  public Object execute(Object[] parameters) {
    try {
      return bridge.invoke(target, parameters);
    } catch (RuntimeException | Error e) {
      throw translated(e);
    } catch (Throwable checked) {
      throw new IllegalStateException(bridge.method() + " threw " + checked, checked);
    }
  }

  /** {@code e}, or for a refusal that names the twin, the same refusal naming the interface. */
  private Throwable translatedThrowable(Throwable e) {
    String message = e.getMessage();
    if (message == null) {
      return e;
    }
    String translated = twin.translate(message);
    if (message.equals(translated)) {
      return e;
    }
    if (e instanceof IllegalArgumentException) {
      return new IllegalArgumentException(translated, e);
    }
    if (e instanceof IllegalStateException) {
      return new IllegalStateException(translated, e);
    }
    if (e instanceof QueryMethodException) {
      return QueryMethodException.ofQuery(
          Objects.requireNonNull(translated, "a message translates to a message"));
    }
    return e;
  }

  private RuntimeException translated(Throwable e) {
    Throwable result = translatedThrowable(e);
    if (result instanceof Error error) {
      throw error;
    }
    return (RuntimeException) result;
  }

  @Override
  public QueryMethod getQueryMethod() {
    return queryMethod;
  }
}
