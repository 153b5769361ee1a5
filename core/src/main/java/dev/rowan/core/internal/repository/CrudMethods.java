package dev.rowan.core.internal.repository;

import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * The methods of {@link dev.rowan.core.HBaseRepository}, bound to what serves them for an entity
 * ({@link EntityCrud}).
 */
final class CrudMethods {

  private CrudMethods() {}

  /** The invoker of {@code method} when it is one of the CRUD methods; else null. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static RepositoryHandler.@Nullable Invoker resolve(Method method, EntityCrud store) {
    int arity = method.getParameterCount();
    Class<?>[] types = method.getParameterTypes();
    return switch (method.getName()) {
      case "save" -> arity == 1 ? args -> store.save(args[0]) : null;
      case "saveAll" ->
          arity == 1 && Iterable.class.isAssignableFrom(types[0])
              ? args -> store.saveAll((Iterable) args[0])
              : null;
      case "insert" -> arity == 1 ? args -> store.insert(args[0]) : null;
      case "insertAll" ->
          arity == 1 && Iterable.class.isAssignableFrom(types[0])
              ? args -> store.insertAll((Iterable) args[0])
              : null;
      case "findByKey" ->
          arity == 1 && types[0] == Object[].class
              ? args -> store.findByKey((Object[]) args[0])
              : null;
      case "delete" ->
          arity == 1
              ? args -> {
                store.delete(args[0]);
                return null;
              }
              : null;
      case "deleteByKey" ->
          arity == 1 && types[0] == Object[].class
              ? args -> {
                store.deleteByKey((Object[]) args[0]);
                return null;
              }
              : null;
      case "scanAll" -> arity == 0 ? args -> store.scanAll() : null;
      default -> null;
    };
  }
}
