package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The layout of a main table changes exactly when the bytes of its keys or qualifiers do: every
 * salt, part, type, transform and column key change gives another fingerprint, and the same
 * layout in another class, with its fields in another order, keeps it.
 */
class TableLayoutTest {

  @Table(name = "t", salt = @Salt(buckets = 4))
  record Base(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 8))
  record EightBuckets(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t")
  record Unsalted(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4, on = "id"))
  record SaltedOnId(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4, on = {"id", "day"}))
  record SaltedOnBothNamed(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4, regionsPerBucket = 4))
  record MoreRegions(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record PartsSwapped(@RowKey(order = 1) String id, @RowKey(order = 0) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record OtherType(@RowKey(order = 0) String id, @RowKey(order = 1) long day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record DescendingDay(@RowKey(order = 0) String id, @RowKey(order = 1) @Descending LocalDate day,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record ReversedId(@RowKey(order = 0) @Reversed String id, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record FixedId8(@RowKey(order = 0) @FixedLength(8) String id, @RowKey(order = 1) LocalDate day,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record FixedId9(@RowKey(order = 0) @FixedLength(9) String id, @RowKey(order = 1) LocalDate day,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record Hashed4(@RowKey(order = 0) @HashPrefix(length = 4) String id, @RowKey(order = 1) LocalDate day,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record Hashed6(@RowKey(order = 0) @HashPrefix(length = 6) String id, @RowKey(order = 1) LocalDate day,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record Wide(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day, @ColumnKey int line,
      @Column String note) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record WideDescending(@RowKey(order = 0) String id, @RowKey(order = 1) LocalDate day,
      @ColumnKey @Descending int line, @Column String note) {}

  /** Base under another class name, its fields in another order, with a column more. */
  @Table(name = "other", salt = @Salt(buckets = 4))
  record Renamed(@Column String remark, @RowKey(order = 1) LocalDate day, @RowKey(order = 0) String id,
      @Column long extra) {}

  @Table(name = "t", salt = @Salt(buckets = 4))
  record KeyFieldsRenamed(@RowKey(order = 0) String code, @RowKey(order = 1) LocalDate day, @Column String note) {}

  @Table(name = "n")
  record Primitive(@RowKey long n) {}

  @Table(name = "n")
  record Boxed(@RowKey Long n) {}

  private static TableLayout layout(Class<?> type) {
    return EntityModel.of(type).layout();
  }

  @Test
  void describesSaltFunctionPartsAndTransformsInWords() {
    assertEquals("row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String + day LocalDate",
        layout(Base.class).description());
    assertEquals("row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on id) + md5 hex(4) of id + id String"
        + " fixed(8) + day LocalDate descending", layout(Mixed.class).description());
    assertEquals("row key salt(4 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String + day LocalDate;"
        + " column key line Integer descending", layout(WideDescending.class).description());
  }

  @Test
  void everyChangeToTheBytesOfKeysChangesTheFingerprint() {
    Map<String, Class<?>> variants = new LinkedHashMap<>();
    variants.put("salt 4 buckets", Base.class);
    variants.put("salt 8 buckets", EightBuckets.class);
    variants.put("unsalted", Unsalted.class);
    variants.put("salted on id only", SaltedOnId.class);
    variants.put("key parts swapped", PartsSwapped.class);
    variants.put("another part type", OtherType.class);
    variants.put("@Descending", DescendingDay.class);
    variants.put("@Reversed", ReversedId.class);
    variants.put("@FixedLength(8)", FixedId8.class);
    variants.put("@FixedLength(9)", FixedId9.class);
    variants.put("@HashPrefix(4)", Hashed4.class);
    variants.put("@HashPrefix(6)", Hashed6.class);
    variants.put("a column key", Wide.class);
    variants.put("a descending column key", WideDescending.class);
    variants.put("a part read into another field", KeyFieldsRenamed.class);
    variants.put("two days, one table", TwoDays.class);
    variants.put("one table per day", Daily.class);
    variants.put("one table per month", Monthly.class);
    variants.put("one table per month of another part", MonthlyBySince.class);
    Map<String, String> seen = new LinkedHashMap<>();
    for (Map.Entry<String, Class<?>> variant : variants.entrySet()) {
      String earlier = seen.put(layout(variant.getValue()).fingerprint(), variant.getKey());
      assertEquals(null, earlier, variant.getKey() + " has the fingerprint of " + earlier + ": "
          + layout(variant.getValue()));
    }
  }

  @Test
  void aTablePerPeriodRecordsThePartThatPicksItsTableAndTheLengthOfAPeriod() {
    assertEquals("row key day LocalDate + since LocalDate; one table per MONTHS of day (UTC)",
        layout(Monthly.class).description());
  }

  @Test
  void theSameLayoutInAnotherClassKeepsTheFingerprint() {
    assertEquals(layout(Base.class).fingerprint(), layout(Renamed.class).fingerprint());
    assertEquals(layout(Base.class).fingerprint(), layout(SaltedOnBothNamed.class).fingerprint(),
        "salting on every part by name is salting on every part");
    assertEquals(layout(Base.class).fingerprint(), layout(MoreRegions.class).fingerprint(),
        "regions per bucket only split the table");
    assertEquals(layout(Primitive.class).fingerprint(), layout(Boxed.class).fingerprint());
  }

  @Test
  void theFingerprintIsTheSha256OfTheDescriptionAndFormat() {
    assertEquals(64, layout(Base.class).fingerprint().length());
    assertEquals(TableLayout.of(layout(Base.class).description()), layout(Base.class));
  }

  @Table(name = "p")
  record TwoDays(@RowKey(order = 0) LocalDate day, @RowKey(order = 1) LocalDate since, @Column String note) {}

  @Table(name = "p")
  @dev.rowan.mapping.annotation.TablePerPeriod(property = "day", every = java.time.temporal.ChronoUnit.DAYS)
  record Daily(@RowKey(order = 0) LocalDate day, @RowKey(order = 1) LocalDate since, @Column String note) {}

  @Table(name = "p")
  @dev.rowan.mapping.annotation.TablePerPeriod(property = "day", every = java.time.temporal.ChronoUnit.MONTHS)
  record Monthly(@RowKey(order = 0) LocalDate day, @RowKey(order = 1) LocalDate since, @Column String note) {}

  @Table(name = "p")
  @dev.rowan.mapping.annotation.TablePerPeriod(property = "since", every = java.time.temporal.ChronoUnit.MONTHS)
  record MonthlyBySince(@RowKey(order = 0) LocalDate day, @RowKey(order = 1) LocalDate since, @Column String note) {}

  @Table(name = "m", salt = @Salt(buckets = 4, on = "id"))
  record Mixed(@RowKey(order = 0) @HashPrefix(length = 4) @FixedLength(8) String id,
      @RowKey(order = 1) @Descending LocalDate day) {}
}
