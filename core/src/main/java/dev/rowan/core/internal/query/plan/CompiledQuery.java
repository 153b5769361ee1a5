package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.check.Projection;
import dev.rowan.core.internal.query.check.ResultKind;
import dev.rowan.core.internal.query.check.SpecialParameters;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A query method, compiled when its repository is created ({@link QueryCompiler}): everything a
 * call needs but the arguments.
 *
 * @param name the method as messages name it ({@code Repository.method})
 * @param plan the plan of a call without a {@code Sort} (or whose sort is the name's)
 * @param result what the method returns
 * @param special where its {@code PageRequest}, {@code Sort} and {@code Limit} parameters are
 * @param projection what it returns of each entity instead of the entity, or null
 * @param parameterNames its parameters' names, null where the class file has none
 */
public record CompiledQuery(
    String name,
    MethodPlan plan,
    ResultKind result,
    SpecialParameters special,
    @Nullable Projection projection,
    String[] parameterNames) {

  /** Copies the names. */
  public CompiledQuery {
    parameterNames = parameterNames.clone();
  }

  @Override
  public String[] parameterNames() {
    return parameterNames.clone();
  }

  @Override
  public String toString() {
    return name + " " + Arrays.toString(parameterNames);
  }
}
