package dev.rowan.core.internal.period;

import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.repository.EntityCrud;
import dev.rowan.core.internal.repository.EntityStorage;
import dev.rowan.core.internal.repository.PlannedQuery;
import dev.rowan.core.internal.repository.RepositoryHandler;
import dev.rowan.core.internal.repository.ViewsByName;
import dev.rowan.core.internal.repository.WriteMethod;
import dev.rowan.mapping.EntityModel;
import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * The storage of an entity kept in one table per period ({@code @TablePerPeriod}): a set of tables
 * per period, each served by its own {@link dev.rowan.core.internal.repository.EntityStore} ({@link
 * PeriodStores}); CRUD methods route each entity or key to its period ({@link PeriodCrud}), query
 * methods and queries asked in code read the periods their arguments can match ({@link
 * PeriodQueryMethod}, {@link PeriodAdHocQuery}), and views by name read every period ({@link
 * PeriodViews}).
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public final class PeriodStorage<T> implements EntityStorage<T> {

  private final PeriodStores<T> stores;
  private final PeriodCrud<T> crud;

  /** The storage of the entities kept in {@code stores}. */
  public PeriodStorage(PeriodStores<T> stores) {
    this.stores = stores;
    this.crud = new PeriodCrud<>(stores);
  }

  @Override
  public EntityModel<T> model() {
    return stores.model();
  }

  @Override
  public EntityCrud<T> crud() {
    return crud;
  }

  @Override
  public @Nullable WriteMethod writeMethod(
      Class<?> repository, Method method, MethodProblems problems) {
    return WriteMethod.create(repository, method, stores.model(), stores::forRead, problems);
  }

  @Override
  public RepositoryHandler.@Nullable DerivedQuery queryMethod(
      Class<?> repository, Method method, MethodProblems problems) {
    return PeriodQueryMethod.create(repository, method, stores, problems);
  }

  @Override
  public PlannedQuery.Planner<T> planner() {
    return (view, terms, sort, limit, allowScan, counting) ->
        PeriodAdHocQuery.plan(stores, view, terms, sort, limit, allowScan, counting);
  }

  @Override
  public ViewsByName<T> views() {
    return new PeriodViews<>(stores);
  }

  /** Forgets the periods listed and the stores built, so that the next call lists them again. */
  @Override
  public void tablesChanged() {
    stores.forget();
  }
}
