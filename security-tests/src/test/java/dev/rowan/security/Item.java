package dev.rowan.security;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import java.util.stream.Stream;

/** The small entity of the permission matrix: two tables, a main table and a view by shelf. */
@Table(name = "items")
@Index(name = "shelf", key = {"shelf", "id"})
record Item(@RowKey String id, @Column String shelf, @Column long count) {

  /** Item {@code id} on one of three shelves. */
  static Item numbered(int id) {
    return new Item(String.format("item-%04d", id), "shelf-" + id % 3, id);
  }

  interface Items extends HBaseRepository<Item> {
    List<Item> findByShelf(String shelf);

    Stream<Item> streamByShelf(String shelf);

    Page<Item> findByShelf(String shelf, PageRequest page);

    List<Item> findTop2ByShelf(String shelf);

    long countByShelf(String shelf);

    boolean existsByShelf(String shelf);

    boolean updateShelfById(String shelf, String id);

    long addToCountById(long delta, String id);
  }
}
