package dev.rowan.core;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The repository of an entity: extend it with an interface (or abstract class), declare query
 * methods by name, and obtain the implementation from {@link Rowan#repository(Class)}.
 *
 * <pre>{@code
 * public interface OrderRepository extends HBaseRepository<Order> {
 *   List<Order> findBySellerBetween(String sellerId, Instant from, Instant to);
 * }
 * }</pre>
 *
 * <p>Methods named {@code update<Properties>By<Key>} set some properties of the entity stored under
 * a key (returning whether one was), and {@code add[To]<Property>By<Key>} adds to a numeric
 * property and returns the sum, or throws {@link EntityNotFoundException}; concurrent additions
 * lose nothing (docs/writes.md):
 *
 * <pre>{@code
 * boolean updateStatusByOrderNo(Status status, String orderNo);
 * long addToQuantityByOrderNo(long delta, String orderNo);
 * }</pre>
 *
 * <p>Every write keeps the entity's views consistent with its table: a read through a view never
 * returns an entity that does not match, even after a crash or a race between writers.
 *
 * <p>Thread-safety: implementations are thread-safe.
 *
 * @param <T> the entity type
 * @since 0.1
 */
public interface HBaseRepository<T> {

  /**
   * Writes {@code entity} to its table and every view, replacing what was stored under its key.
   *
   * @return the entity saved (with its {@code @Version} advanced, when it has one)
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be written (of an entity
   *     kept in one table per period, also a time whose period has no tables); nothing is written
   *     then
   * @throws OptimisticLockException when the entity's version is not the stored one
   * @throws UniqueViolationException when a unique view already holds the entity's key
   * @throws DataAccessException when HBase fails
   */
  T save(T entity);

  /**
   * Writes every entity, in batches: a few round trips per batch, not one per entity.
   *
   * @return the entities saved, in order
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be written; no entity is
   *     written then
   */
  List<T> saveAll(Iterable<T> entities);

  /**
   * Writes {@code entity} to its table and every view only if no entity is stored under its key
   * (for a wide entity, its row and column key): an insert, where {@link #save} replaces. A key
   * whose entity was deleted is free. Of inserts of one key racing each other, at most one
   * succeeds; docs/writes.md says what holds when saves of the key race them.
   *
   * <pre>{@code
   * orders.insert(order);          // the first time
   * orders.insert(order);          // EntityExistsException: Order orderNo=o-1 already exists
   * }</pre>
   *
   * @return the entity inserted (with its {@code @Version} at 1, when it has one)
   * @throws EntityExistsException when an entity is stored under its key; nothing is written then
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be written; nothing is
   *     written then
   * @throws OptimisticLockException when the entity carries a {@code @Version} other than 0 (a new
   *     entity's), whether or not its key is taken; nothing is written then
   * @throws UniqueViolationException when a unique view already holds the entity's key; nothing is
   *     written then
   * @throws DataAccessException when HBase fails
   */
  T insert(T entity);

  /**
   * Inserts every entity as {@link #insert} does, in batches as {@link #saveAll} writes. Each
   * entity is inserted on its own: those whose key is free are written, those whose key holds an
   * entity are not, and the call then fails, once the others are written, naming each of them. An
   * entity given twice is inserted once and found existing the second time.
   *
   * @return the entities inserted, in order, when every one was
   * @throws EntityExistsException naming, in {@link EntityExistsException#keys()}, every entity not
   *     inserted because its key held an entity; every other entity of the call is inserted
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be written; no entity is
   *     written then
   */
  List<T> insertAll(Iterable<T> entities);

  /**
   * The entity stored under the row key made of {@code keyParts}, in {@code @RowKey} order. For a
   * wide entity (one with a {@code @ColumnKey}), the key parts of one entity: its row key parts,
   * then its column key parts in {@code @ColumnKey} order; the row key parts alone name a row of
   * many entities and are refused (read them with a query method on the row key properties).
   *
   * @throws IllegalArgumentException when the parts do not match the key
   */
  Optional<T> findByKey(Object... keyParts);

  /** Deletes {@code entity} and its view rows; nothing happens when it is not stored. */
  void delete(T entity);

  /**
   * Deletes the entity stored under {@code keyParts} and its view rows; the parts are those that
   * {@link #findByKey} takes, so for a wide entity one entity of a row, never the whole row.
   *
   * @throws IllegalArgumentException when the parts do not match the key
   */
  void deleteByKey(Object... keyParts);

  /**
   * Every entity of the table in row key order (merged across salt buckets), read lazily; close the
   * stream to release its scanners.
   */
  Stream<T> scanAll();

  /**
   * The plan of the query method {@code methodName}: the table or view it reads, its scan ranges,
   * filters and whether a second read is needed. A method declared once is named by its name;
   * overloads by their signature, with the parameter types as written in source, simple or
   * qualified and without type arguments: {@code explain("findBySellerId(String, Limit)")}.
   *
   * @throws IllegalArgumentException when the repository declares no such method, or when a name
   *     without parameter types is declared more than once (the message lists the signatures)
   */
  String explain(String methodName);
}
