package dev.rowan.core.internal.repository;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What serves the CRUD methods of {@link dev.rowan.core.HBaseRepository} for one entity class
 * ({@link CrudMethods}): its {@link EntityStore}, or for an entity kept in one table per period,
 * {@link dev.rowan.core.internal.period.PeriodCrud} over the store of each period.
 *
 * @param <T> the entity type
 */
public interface EntityCrud<T> {

  T save(T entity);

  List<T> saveAll(Iterable<T> entities);

  T insert(T entity);

  List<T> insertAll(Iterable<T> entities);

  Optional<T> findByKey(Object... keyParts);

  void delete(T entity);

  void deleteByKey(Object... keyParts);

  Stream<T> scanAll();
}
