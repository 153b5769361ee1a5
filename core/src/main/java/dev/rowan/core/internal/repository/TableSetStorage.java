package dev.rowan.core.internal.repository;

import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.mapping.EntityModel;
import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * The storage of an entity kept in one set of tables, a main table and a table per view: its {@link
 * EntityStore} serves every call.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public final class TableSetStorage<T> implements EntityStorage<T> {

  private final EntityStore<T> store;

  /** The storage of {@code store}'s entities. */
  public TableSetStorage(EntityStore<T> store) {
    this.store = store;
  }

  @Override
  public EntityModel<T> model() {
    return store.model();
  }

  @Override
  public EntityCrud<T> crud() {
    return store;
  }

  @Override
  public @Nullable WriteMethod writeMethod(
      Class<?> repository, Method method, MethodProblems problems) {
    return WriteMethod.create(repository, method, store.model(), key -> store, problems);
  }

  @Override
  public RepositoryHandler.@Nullable DerivedQuery queryMethod(
      Class<?> repository, Method method, MethodProblems problems) {
    return QueryMethod.create(repository, method, store, problems);
  }

  @Override
  public PlannedQuery.Planner<T> planner() {
    return (view, terms, sort, limit, allowScan, counting) ->
        AdHocQuery.plan(store, view, terms, sort, limit, allowScan, counting);
  }

  @Override
  public ViewsByName<T> views() {
    return ViewsByName.of(store);
  }

  @Override
  public void tablesChanged() {
    // one set of tables, named once: nothing listed to forget
  }
}
