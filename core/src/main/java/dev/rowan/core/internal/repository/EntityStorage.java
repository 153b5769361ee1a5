package dev.rowan.core.internal.repository;

import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.mapping.EntityModel;
import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * What a repository, a query asked in code and a read of views by name need of one entity's
 * storage, whichever way its tables are laid out: the CRUD methods, a write method, a query method,
 * a planner of queries asked in code and the views read by name. {@link TableSetStorage} serves
 * them from one set of tables (the entity's {@link EntityStore}); {@link
 * dev.rowan.core.internal.period.PeriodStorage} from a set per period ({@code @TablePerPeriod}).
 * {@code Rowan} chooses one per entity type, once; a new way of laying out an entity's tables (a
 * table per tenant, say) is one more implementation.
 *
 * <p>Thread-safety: implementations are thread-safe.
 *
 * @param <T> the entity type
 */
public interface EntityStorage<T> {

  /** The entity model. */
  EntityModel<T> model();

  /** What serves the CRUD methods of the entity's repositories. */
  EntityCrud<T> crud();

  /**
   * The write method {@code method} of {@code repository} ({@link WriteMethod#handles}), or null
   * after adding its problems to {@code problems}.
   */
  @Nullable WriteMethod writeMethod(Class<?> repository, Method method, MethodProblems problems);

  /**
   * The query method {@code method} of {@code repository}, or null after adding its problems to
   * {@code problems}.
   */
  RepositoryHandler.@Nullable DerivedQuery queryMethod(
      Class<?> repository, Method method, MethodProblems problems);

  /** The planner of the entity's queries asked in code. */
  PlannedQuery.Planner<T> planner();

  /** The entity's views, read by name. */
  ViewsByName<T> views();

  /**
   * Forgets what this storage knows of the entity's tables, after the schema made or dropped some,
   * so that its next call looks again; a storage that knows nothing that can change does nothing.
   */
  void tablesChanged();
}
