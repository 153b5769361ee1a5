package dev.rowan.it.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Repository definitions Spring Data users write: generic base interfaces work, the collection
 * types are those documented, and a return type or sort that cannot be served is refused when the
 * repository is created, naming the method, instead of failing or lying at call time.
 */
@HBaseTest
class RepositoryDefinitionsIT {

  @Table(name = "items")
  @Index(name = "brand", key = {"brand"})
  @Index(name = "category", key = {"category"})
  record Item(@RowKey String sku, String brand, String category, byte[] tag) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Item i && sku.equals(i.sku) && Objects.equals(brand, i.brand)
          && Objects.equals(category, i.category) && Arrays.equals(tag, i.tag);
    }

    @Override
    public int hashCode() {
      return sku.hashCode();
    }
  }

  /** A generic base, as Spring Data users declare one for several entities. */
  interface Catalog<T> extends HBaseRepository<T> {
    List<T> findByBrand(String brand);

    Optional<T> findBySku(String sku);
  }

  /** A second level that passes its own variable on. */
  interface Shelf<E> extends Catalog<E> {
    Stream<E> streamByCategory(String category);
  }

  interface Items extends Shelf<Item> {
    Set<Item> findByCategory(String category);
  }

  /** No generic base: the return types and the sort alone. */
  interface PlainItems extends HBaseRepository<Item> {
    Set<Item> findByCategory(String category);

    Iterable<Item> readByBrand(String brand);

    List<Item> findByBrandOrderByTagDesc(String brand); // sorted in memory, byte[] as unsigned bytes
  }

  private static final List<Item> ITEMS = List.of(
      new Item("i-1", "acme", "tools", new byte[] {0x01}),
      new Item("i-2", "acme", "tools", new byte[] {(byte) 0x80}),
      new Item("i-3", "acme", "toys", new byte[] {0x7F}),
      new Item("i-4", "other", "toys", new byte[] {(byte) 0xFF, 0x00}));

  @Test
  void aRepositoryThroughGenericBaseInterfacesWorks(Rowan rowan) {
    rowan.schema().create(Item.class);
    Items items = rowan.repository(Items.class);
    items.saveAll(ITEMS);
    assertEquals(ITEMS.subList(0, 3), items.findByBrand("acme"));
    assertEquals(Optional.of(ITEMS.get(3)), items.findBySku("i-4"));
    assertEquals(Optional.of(ITEMS.get(0)), items.findByKey("i-1"));
    try (Stream<Item> toys = items.streamByCategory("toys")) {
      assertEquals(List.of(ITEMS.get(2), ITEMS.get(3)), toys.toList());
    }
    assertEquals(Set.of(ITEMS.get(2), ITEMS.get(3)), items.findByCategory("toys"));
  }

  @Test
  void setAndIterableResultsHoldTheEntitiesInQueryOrder(Rowan rowan) {
    rowan.schema().create(Item.class);
    PlainItems items = rowan.repository(PlainItems.class);
    items.saveAll(ITEMS);
    Set<Item> tools = items.findByCategory("tools");
    assertEquals(new LinkedHashSet<>(ITEMS.subList(0, 2)), tools);
    assertEquals(List.of(ITEMS.get(0), ITEMS.get(1)), new ArrayList<>(tools), "in key order");
    List<Item> acme = new ArrayList<>();
    items.readByBrand("acme").forEach(acme::add);
    assertEquals(ITEMS.subList(0, 3), acme);
  }

  @Test
  void orderByAByteArraySortsAsUnsignedBytes(Rowan rowan) {
    rowan.schema().create(Item.class);
    PlainItems items = rowan.repository(PlainItems.class);
    items.saveAll(ITEMS);
    assertEquals(List.of("i-2", "i-3", "i-1"), items.findByBrandOrderByTagDesc("acme").stream().map(Item::sku).toList(),
        "0x80 above 0x7F above 0x01, as the key would sort them");
  }

  interface WrongReturns extends HBaseRepository<Item> {
    String findBySku(String sku);

    List<String> findByCategory(String category);

    ArrayList<Item> findByBrand(String brand);

    Optional<Integer> readBySku(String sku);

    Stream<List<Item>> streamByBrand(String brand);

    Page<String> queryByBrand(String brand, PageRequest page);

    Map<String, Item> getByCategory(String category);

    Item countByBrand(String brand);
  }

  @Test
  void returnTypesThatCannotHoldTheEntitiesAreRefusedAtCreationNamingEachMethod(Rowan rowan) {
    rowan.schema().create(Item.class);
    QueryMethodException refused = assertThrows(QueryMethodException.class, () -> rowan.repository(WrongReturns.class));
    assertEquals(8, refused.problems().size(), refused.getMessage());
    for (String method : List.of("findBySku", "findByCategory", "findByBrand", "readBySku", "streamByBrand",
        "queryByBrand", "getByCategory", "countByBrand")) {
      assertTrue(refused.problems().stream().anyMatch(p -> p.startsWith("WrongReturns." + method + ":")),
          method + " is named in:\n" + refused.getMessage());
    }
    assertTrue(refused.getMessage().contains("WrongReturns.findByCategory: returns java.util.List<java.lang.String>,"
        + " but its elements would be Item"), refused.getMessage());
  }
}
