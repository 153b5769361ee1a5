package dev.rowan.spring.support;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.data.repository.core.EntityInformation;

/**
 * Spring Data's view of a Rowan entity: its id is the list of its key parts (row key parts, then
 * column key parts of a wide entity), as {@code findByKey(Object...)} takes them; it is new when a
 * key part is null or, with a {@code @Version}, when its version is 0.
 *
 * <p>Thread-safety: immutable.
 *
 * @param <T> the entity type
 */
final class RowanEntityInformation<T> implements EntityInformation<T, Object> {

  private final Class<T> type;

  @SuppressWarnings("unchecked")
  RowanEntityInformation(Class<?> type) {
    this.type = (Class<T>) type;
  }

  @Override
  public boolean isNew(T entity) {
    EntityModel<T> model = EntityModel.of(type);
    Object[] values = model.values(entity);
    PropertyModel version = model.version();
    if (version != null) {
      Object value = values[version.index()];
      return value == null || value instanceof Number number && number.longValue() == 0;
    }
    return key(model, values).contains(null);
  }

  @Override
  public Object getId(T entity) {
    EntityModel<T> model = EntityModel.of(type);
    return Collections.unmodifiableList(key(model, model.values(entity)));
  }

  private static List<Object> key(EntityModel<?> model, Object[] values) {
    List<Object> key = new ArrayList<>();
    model.rowKey().parts().forEach(part -> key.add(values[part.index()]));
    if (model.columnKey() != null) {
      model.columnKey().parts().forEach(part -> key.add(values[part.index()]));
    }
    return key;
  }

  @Override
  public Class<Object> getIdType() {
    return Object.class;
  }

  @Override
  public Class<T> getJavaType() {
    return type;
  }
}
