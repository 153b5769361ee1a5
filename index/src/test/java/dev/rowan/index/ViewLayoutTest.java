package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.TableLayout;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The layout of a view table changes with its key, salt, unique flag and being a full copy, and only with them. */
class ViewLayoutTest {

  @Table(name = "u")
  @Index(name = "v", key = {"email"})
  record Base(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"name"})
  record OtherKey(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email", "name"})
  record LongerKey(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email"})
  record DescendingKey(@RowKey String id, @Column @Descending String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email"}, unique = true)
  record Unique(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email"}, include = {"name"})
  record Narrow(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email"}, include = {"email"})
  record OtherNarrow(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u", salt = @Salt(buckets = 4))
  @Index(name = "v", key = {"email"})
  record Salted(@RowKey String id, @Column String email, @Column String name) {}

  @Table(name = "u")
  @Index(name = "v", key = {"email"})
  record LongRowKey(@RowKey long id, @Column String email, @Column String name) {}

  /** Base in another class, its fields reordered and a column added: a full copy carries every column, whatever they are. */
  @Table(name = "u")
  @Index(name = "v", key = {"email"})
  record Renamed(@Column String name, @Column String age, @Column String email, @RowKey String id) {}

  private static TableLayout layout(Class<?> type) {
    return ViewMaintainer.of(EntityModel.of(type)).views().get(0).layout();
  }

  @Test
  void describesTheViewKeyUniqueFlagCarriedColumnsAndFormat() {
    String packed = "; columns packed in the status cell; settled by its status alone";
    assertEquals("view key email String + id String; carries every column" + packed,
        layout(Base.class).description());
    assertEquals("view key email String; unique, owner row key in a cell; carries every column" + packed,
        layout(Unique.class).description());
    assertEquals("view key email String + id String; carries some columns, read with the main row" + packed,
        layout(Narrow.class).description());
    assertEquals("view key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + email String + id String;"
        + " carries every column" + packed, layout(Salted.class).description());
    assertEquals("view key email String + id String; carries every column; settled by its status alone",
        layout(InColumns.class).description(), "a view of a cell per column, as every view was before 0.2");
    assertEquals(List.of("view key email String + id String; carries every column; columns packed in the status cell",
            "view key email String + id String; carries every column; settled by its status alone",
            "view key email String + id String; carries every column"),
        ViewMaintainer.of(EntityModel.of(Base.class)).views().get(0).convertibleLayouts().stream()
            .map(TableLayout::description).toList(),
        "a packed view reads rows settled under a write mark, packed or a cell per column, and converts them");
    assertEquals(List.of("view key email String + id String; carries every column"),
        ViewMaintainer.of(EntityModel.of(InColumns.class)).views().get(0).convertibleLayouts().stream()
            .map(TableLayout::description).toList());
  }

  @Table(name = "u")
  @Index(name = "v", key = {"email"}, format = Index.Format.COLUMNS)
  record InColumns(@RowKey String id, @Column String email, @Column String name) {}

  @Test
  void everyChangeToWhatAViewStoresChangesTheFingerprint() {
    Map<String, Class<?>> variants = new LinkedHashMap<>();
    variants.put("keyed on email", Base.class);
    variants.put("keyed on name", OtherKey.class);
    variants.put("a cell per column", InColumns.class);
    variants.put("keyed on email and name", LongerKey.class);
    variants.put("a descending key", DescendingKey.class);
    variants.put("unique", Unique.class);
    variants.put("carrying some columns", Narrow.class);
    variants.put("salted", Salted.class);
    variants.put("another row key type", LongRowKey.class);
    Map<String, String> seen = new LinkedHashMap<>();
    for (Map.Entry<String, Class<?>> variant : variants.entrySet()) {
      String earlier = seen.put(layout(variant.getValue()).fingerprint(), variant.getKey());
      assertEquals(null, earlier, variant.getKey() + " has the fingerprint of " + earlier);
    }
  }

  @Test
  void whichColumnsANarrowViewCarriesIsNotPartOfItsLayout() {
    assertEquals(layout(Narrow.class).fingerprint(), layout(OtherNarrow.class).fingerprint());
  }

  @Test
  void theSameViewInAnotherClassKeepsTheFingerprint() {
    assertEquals(layout(Base.class).fingerprint(), layout(Renamed.class).fingerprint());
  }
}
