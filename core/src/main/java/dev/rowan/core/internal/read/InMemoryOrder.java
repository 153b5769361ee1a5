package dev.rowan.core.internal.read;

import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.read.PageTokens.Position;
import dev.rowan.core.internal.read.QueryCursor.Found;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueCodec;
import dev.rowan.mapping.codec.ValueCodecs;
import dev.rowan.mapping.codec.ValueOrder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The results of a query method that reads several {@code Or} groups or sorts in memory: collected
 * whole, each entity once, in the method's order. An entity is told apart by its main row key
 * without salt and, in a wide row, its column key. The order is the method's sorts, nulls last in
 * either direction, then key order, which also orders a method without sorts when its results are
 * paged. A page continues after the position of its last entity in that order: its sort values and
 * its key.
 *
 * <p>Thread-safety: immutable.
 */
public final class InMemoryOrder {

  /** An entity found, with its main row key without salt and its column key (null unless wide). */
  record Keyed(byte[] mainKey, byte @Nullable [] columnKey, Found found) {

    private ByteBuffer identity() {
      ByteBuffer identity =
          ByteBuffer.allocate(4 + mainKey.length + (columnKey == null ? 0 : columnKey.length));
      identity.putInt(mainKey.length).put(mainKey);
      if (columnKey != null) {
        identity.put(columnKey);
      }
      return identity.flip();
    }
  }

  private final EntityModel<?> model;
  private final List<SortKey> sorts;
  private final int[] slots;
  private final List<ValueCodec<Object>> codecs = new ArrayList<>();
  private final Comparator<Keyed> order;

  public InMemoryOrder(EntityModel<?> model, List<SortKey> sorts) {
    this.model = model;
    this.sorts = List.copyOf(sorts);
    this.slots = new int[sorts.size()];
    Comparator<Keyed> order = null;
    for (int i = 0; i < sorts.size(); i++) {
      PropertyModel property = model.property(sorts.get(i).property());
      int slot = property.index();
      slots[i] = slot;
      @SuppressWarnings("unchecked")
      ValueCodec<Object> codec = (ValueCodec<Object>) ValueCodecs.standard(property.type());
      codecs.add(codec);
      // Values compare as their keys are encoded (strings by code point, byte[] unsigned), so a
      // sort in memory agrees with an order served by the key.
      Comparator<Object> ascending = ValueOrder.of(property.type());
      Comparator<Object> values =
          sorts.get(i).descending()
              ? Objects.requireNonNull(ascending, "every type Rowan stores has an order").reversed()
              : ascending;
      Comparator<Keyed> bySort =
          Comparator.comparing(
              k -> Objects.requireNonNull(k.found().values(), "a live row has values")[slot],
              Comparator.nullsLast(values));
      order = order == null ? bySort : order.thenComparing(bySort);
    }
    Comparator<Keyed> byKey =
        (a, b) -> {
          int rows = Bytes.compareTo(a.mainKey(), b.mainKey());
          return rows != 0 || a.columnKey() == null || b.columnKey() == null
              ? rows
              : Bytes.compareTo(a.columnKey(), b.columnKey());
        };
    this.order = order == null ? byKey : order.thenComparing(byKey);
  }

  /**
   * Every entity of the {@code groups} cursors that {@code open} opens one after the other, each
   * entity once, sorted when the method sorts or when {@code keyOrder} asks for key order; else in
   * the order read, group by group.
   */
  List<Keyed> collect(int groups, IntFunction<QueryCursor> open, boolean keyOrder) {
    return collect(groups, open, keyOrder, List::of);
  }

  /**
   * As {@link #collect(int, IntFunction, boolean)}, with the entities {@code afterAll} finds once
   * every cursor has read (the second look of several groups).
   */
  List<Keyed> collect(
      int groups, IntFunction<QueryCursor> open, boolean keyOrder, Supplier<List<Found>> afterAll) {
    Map<ByteBuffer, Keyed> union = new LinkedHashMap<>();
    for (int i = 0; i < groups; i++) {
      try (QueryCursor cursor = open.apply(i)) {
        cursor.forEachRemaining(
            found -> {
              Keyed keyed = keyed(found);
              union.putIfAbsent(keyed.identity(), keyed);
            });
      }
    }
    for (Found found : afterAll.get()) {
      Keyed keyed = keyed(found);
      union.putIfAbsent(keyed.identity(), keyed);
    }
    List<Keyed> all = new ArrayList<>(union.values());
    if (!sorts.isEmpty() || keyOrder) {
      all.sort(order);
    }
    return all;
  }

  private Keyed keyed(Found found) {
    byte[] salted =
        model.rowKey().encode(Objects.requireNonNull(found.values(), "a live row has values"));
    byte[] mainKey = Arrays.copyOfRange(salted, model.rowKey().saltLength(), salted.length);
    return new Keyed(
        mainKey,
        model.isWide()
            ? Objects.requireNonNull(model.columnKey(), "a wide entity has a column key")
                .encode(Objects.requireNonNull(found.values(), "a live row has values"))
            : null,
        found);
  }

  /**
   * The entities of {@code all}, which {@link #collect} sorted, that come after {@code position} in
   * the method's order; all of them when it is null.
   *
   * @throws IllegalArgumentException naming {@code method} when the position does not carry one
   *     value per sort
   */
  List<Keyed> after(List<Keyed> all, @Nullable Position position, String method) {
    if (position == null) {
      return all;
    }
    Keyed marker = marker(position, method);
    return all.stream().filter(keyed -> order.compare(keyed, marker) > 0).toList();
  }

  /** The position of {@code last}, for the token of the next page. */
  Position position(Keyed last) {
    byte[][] values = new byte[sorts.size()][];
    for (int i = 0; i < values.length; i++) {
      Object value =
          Objects.requireNonNull(last.found().values(), "a live row has values")[slots[i]];
      values[i] = value == null ? null : codecs.get(i).encode(value);
    }
    return new Position(last.mainKey(), last.columnKey(), values);
  }

  private Keyed marker(Position position, String method) {
    Object[] values = new Object[model.properties().size()];
    byte[][] sortValues = position.sortValues();
    if (sortValues.length != sorts.size()) {
      throw new IllegalArgumentException(
          method
              + ": the PageRequest's continuation holds "
              + sortValues.length
              + " sort values, not "
              + sorts.size()
              + "; continue with the PageRequest that Page.next() returned");
    }
    for (int i = 0; i < sortValues.length; i++) {
      values[slots[i]] =
          sortValues[i] == null
              ? null
              : codecs.get(i).decode(sortValues[i], 0, sortValues[i].length);
    }
    return new Keyed(
        position.rowKey(), position.columnKey(), new Found(null, position.columnKey(), values));
  }
}
