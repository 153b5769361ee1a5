package dev.rowan.core.internal.context;

import dev.rowan.mapping.EntityModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.hbase.util.Bytes;

/** An entity's key as messages show it, and as a write tells its entities apart. */
public final class KeyText {

  private KeyText() {}

  /**
   * The key parts of the entity whose values are {@code values}, as {@code orderNo=order-7}, or
   * {@code (userId=u-1, day=2026-11-24)} for several: its row key parts, then its column key parts.
   */
  public static String of(EntityModel<?> model, Object[] values) {
    List<String> shown =
        model.keyParts().stream()
            .map(part -> part.name() + "=" + shown(values[part.index()]))
            .toList();
    return shown.size() == 1 ? shown.get(0) : "(" + String.join(", ", shown) + ")";
  }

  /**
   * The key parts of the entity whose values are {@code values}, by name, in key order, to their
   * values.
   */
  public static Map<String, Object> values(EntityModel<?> model, Object[] values) {
    Map<String, Object> byName = new LinkedHashMap<>();
    model.keyParts().forEach(part -> byName.put(part.name(), values[part.index()]));
    return byName;
  }

  private static String shown(Object value) {
    return value instanceof byte[] bytes ? Bytes.toStringBinary(bytes) : String.valueOf(value);
  }

  /**
   * What tells the entity of main row {@code rowKey} with {@code values} apart from the other
   * entities of a write: its row key, and for a wide entity its column key.
   */
  public static String identity(EntityModel<?> model, byte[] rowKey, Object[] values) {
    String row = Bytes.toStringBinary(rowKey);
    return model.isWide()
        ? row
            + "/"
            + Bytes.toStringBinary(
                Objects.requireNonNull(model.columnKey(), "a wide entity has a column key")
                    .encode(values))
        : row;
  }
}
