package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.Test;

/** An invalid mapping fails when first mapped, with one error listing every problem. */
class MappingErrorsTest {

  @Table(name = "broken")
  @Index(name = "byNothing", key = {"missing"})
  static final class Broken {
    @Column(name = "x") String a;
    @Column(name = "x") String b;
    List<String> tags;
    @FixedLength(0) String zeroWidth;
    @Reversed int reversedNumber;
    @HashPrefix String notAKey;
    @Column(family = "nope") String unknownFamily;
  }

  @Test
  void everyProblemOfAClassIsListedAtOnce() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(Broken.class));
    String message = error.getMessage();
    assertTrue(message.startsWith("Cannot map " + Broken.class.getName()), message);
    List<String> expected = List.of(
        "Broken.a and Broken.b both map to column d:x",
        "Broken.tags has type java.util.List, which Rowan cannot store",
        "Broken.zeroWidth has @FixedLength(0); the width must be at least 1",
        "Broken.reversedNumber is @Reversed but is not a String",
        "Broken.notAKey carries @HashPrefix but is not a @RowKey part",
        "Broken.unknownFamily is in family 'nope', which Broken does not declare with @Family",
        "Broken has no @RowKey field",
        "Broken view 'byNothing' is keyed on 'missing', which is not a property of Broken");
    for (String problem : expected) {
      assertTrue(error.problems().stream().anyMatch(p -> p.startsWith(problem)), "missing: " + problem + "\nin:\n" + message);
    }
    assertEquals(expected.size(), error.problems().size(), message);
  }

  @Table(name = "stamped")
  @Index(name = "kind", key = {"kind"})
  record StampedWithView(@RowKey String id, @Column String kind, @dev.rowan.mapping.annotation.CellTimestamp long at) {}

  @Test
  void aCellTimestampIsRefusedOnAnEntityWithViews() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(StampedWithView.class));
    assertEquals(1, error.problems().size(), error.getMessage());
    assertTrue(error.problems().get(0).startsWith("StampedWithView.at is a @CellTimestamp, and StampedWithView declares"
        + " views (@Index)"), error.getMessage());
  }

  static final class NoTable {
    @RowKey String id;
  }

  @Test
  void aClassWithoutTableIsNotMapped() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(NoTable.class));
    assertEquals(List.of(NoTable.class.getName() + " has no @Table annotation"), error.problems());
  }

  @Table(name = "t", salt = @Salt(buckets = 300, on = "other"))
  @Family(name = "a")
  @Family(name = "b")
  static final class BadSaltAndFamilies {
    @RowKey(order = 0) String id;
    @RowKey(order = 0) String second;
    @RowKey(order = 1) Object what;
    String noFamily;
    final String fixed = "x";
  }

  @Test
  void saltKeyOrderAndFamilyProblemsNameTheField() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(BadSaltAndFamilies.class));
    String message = error.getMessage();
    for (String problem : List.of("BadSaltAndFamilies.what has type java.lang.Object, which cannot be a key part",
        "BadSaltAndFamilies.noFamily names no family, and BadSaltAndFamilies declares several: [a, b]",
        "BadSaltAndFamilies.fixed is final",
        "BadSaltAndFamilies.id and BadSaltAndFamilies.second share key order 0",
        "BadSaltAndFamilies has @Salt(buckets = 300); buckets run from 1 to 256",
        "BadSaltAndFamilies salts on 'other', which is not a @RowKey field")) {
      assertTrue(message.contains(problem), "missing: " + problem + "\nin:\n" + message);
    }
  }

  @Table(name = "t")
  @Family(name = "a", maxVersions = 2, minVersions = 3, ttlSeconds = 3600)
  @Family(name = "b", minVersions = -1, replicationScope = 2, keepDeletedCells = KeepDeletedCells.TRUE)
  record BadFamilySettings(@RowKey String id, @Column(family = "a") String x, @Column(family = "b") String y) {}

  @Test
  void familySettingsOutOfRangeNameTheEntityFamilyAndSetting() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(BadFamilySettings.class));
    assertEquals(List.of(
        "BadFamilySettings: family 'a' keeps at least 3 versions (minVersions) but at most 2 (maxVersions);"
            + " raise maxVersions to 3 or more",
        "BadFamilySettings: family 'b' keeps at least -1 versions (minVersions); it needs 0 or more",
        "BadFamilySettings: family 'b' keeps deleted cells (keepDeletedCells TRUE), which HBase's compactions do not"
            + " support with the new version behavior every Rowan family has; to read earlier states, give every"
            + " family maxVersions > 1: Rowan then keeps each write's cells and reads them as versions"
            + " (docs/queries.md, \"Versions\")",
        "BadFamilySettings: family 'b' has replication scope 2; it is 0 (local) or 1 (replicated to peers)"),
        error.problems());
  }

  @Table(name = "t")
  @Family(name = "a", ttlSeconds = 60)
  @Family(name = "b", ttlSeconds = 3600)
  @Index(name = "byX", key = "x")
  record ViewsWithMixedTimeToLive(@RowKey String id, @Column(family = "a") String x, @Column(family = "b") String y) {}

  @Table(name = "t")
  @Family(name = "a", ttlSeconds = 60)
  @Family(name = "b", ttlSeconds = 3600)
  record MixedTimeToLiveWithoutViews(@RowKey String id, @Column(family = "a") String x,
      @Column(family = "b") String y) {}

  @Table(name = "t")
  @Family(name = "a")
  @Family(name = "b", ttlSeconds = 3600)
  @Index(name = "byX", key = "x")
  @Index(name = "byY", key = "y")
  record ViewKeyedByAnExpiringColumn(@RowKey String id, @Column(family = "a") String x,
      @Column(family = "b") String y) {}

  @Test
  void viewKeyedByAColumnThatExpiresWhileItsEntityLivesIsRefusedNamingViewPropertyAndFamily() {
    MappingException error = assertThrows(MappingException.class,
        () -> EntityModel.of(ViewKeyedByAnExpiringColumn.class));
    assertEquals(List.of("ViewKeyedByAnExpiringColumn's view byY is keyed by y, whose family 'b' expires (ttlSeconds"
        + " 3600) while the entity, whose status is in family 'a', does not: its view rows would outlive the value;"
        + " key views by columns of families without a TTL, or give every family the same ttlSeconds"),
        error.problems());
  }

  @Test
  void entityWithViewsWhoseFamiliesExpireDifferentlyIsRefusedNamingBothFamilies() {
    MappingException error = assertThrows(MappingException.class,
        () -> EntityModel.of(ViewsWithMixedTimeToLive.class));
    assertEquals(List.of("ViewsWithMixedTimeToLive declares views (@Index), and its families 'a' and 'b' expire"
        + " differently (ttlSeconds 60 and 3600): an entity with views expires whole, its view rows with it;"
        + " give every family the same ttlSeconds"), error.problems());
    assertTrue(EntityModel.of(MixedTimeToLiveWithoutViews.class).expires(),
        "without views each family's cells expire on their own");
  }

  @Table(name = "t")
  @Family(name = "small", blockSize = 512)
  @Family(name = "large", blockSize = 32 * 1024 * 1024)
  @Family(name = "prefixed", bloom = BloomType.ROWPREFIX_FIXED_LENGTH)
  @Family(name = "a:b", ttlSeconds = -5)
  @Family(name = ".hidden")
  record SettingsHBaseRefuses(@RowKey String id, @Column(family = "small") String x) {}

  @Test
  void familySettingsHBaseRefusesAreMappingErrorsNamingTheEntityFamilyAndSetting() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(SettingsHBaseRefuses.class));
    assertEquals(List.of(
        "SettingsHBaseRefuses: family 'small' has block size 512 bytes (blockSize); HBase takes 1024 (1 KiB) to"
            + " 16777216 (16 MiB)",
        "SettingsHBaseRefuses: family 'large' has block size 33554432 bytes (blockSize); HBase takes 1024 (1 KiB) to"
            + " 16777216 (16 MiB)",
        "SettingsHBaseRefuses: family 'prefixed' has bloom ROWPREFIX_FIXED_LENGTH, which HBase refuses without the"
            + " family setting RowPrefixBloomFilter.prefix_length, and @Family cannot give it; use ROW or ROWCOL"
            + " (or NONE)",
        "SettingsHBaseRefuses: family 'a:b' has a name with a control character, a colon, a slash or a backslash,"
            + " which HBase refuses",
        "SettingsHBaseRefuses: family 'a:b' has a negative time to live (ttlSeconds -5); 0 keeps cells forever",
        "SettingsHBaseRefuses: family '.hidden' has a name that starts with a period, which HBase refuses"),
        error.problems().stream().filter(p -> !p.contains("'x'") && !p.contains(".x ")).toList());
  }

  @Test
  void familySettingsAtHBasesBoundsAreAccepted() {
    assertEquals(3, EntityModel.of(SettingsAtBounds.class).properties().size());
  }

  @Table(name = "t")
  @Family(name = "small", blockSize = 1024)
  @Family(name = "large", blockSize = 16 * 1024 * 1024, bloom = BloomType.ROWCOL)
  record SettingsAtBounds(@RowKey String id, @Column(family = "small") String x, @Column(family = "large") String y) {}

  @Table(name = "t")
  static final class WrongTransforms {
    @RowKey(order = 0) @FixedLength(3) Instant at;
    @RowKey(order = 1) @FixedLength(20) long tooWide;
    @RowKey(order = 2) @HashPrefix(length = 40) String hashed;
    @Descending double fine;
  }

  @Test
  void transformsThatNoEncodingCanDoAreRefused() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(WrongTransforms.class));
    String message = error.getMessage();
    for (String problem : List.of("WrongTransforms.at has @FixedLength but type java.time.Instant has no fixed-length form",
        "WrongTransforms.tooWide has @FixedLength(20); whole numbers take at most 19 digits",
        "WrongTransforms.hashed has @HashPrefix(length = 40); it runs from 1 to 32")) {
      assertTrue(message.contains(problem), "missing: " + problem + "\nin:\n" + message);
    }
    assertEquals(3, error.problems().size(), message);
  }

  @Table(name = "t")
  static final class HashedBytes {
    @RowKey @HashPrefix(length = 4) byte[] id;
  }

  @Test
  void aHashPrefixOnAPartWithoutOneTextPerValueIsRefused() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(HashedBytes.class));
    assertTrue(error.getMessage().contains("HashedBytes.id has @HashPrefix but is a byte[], whose text is not one per"
        + " key value"), error.getMessage());
  }

  @Table(name = "cyclic_broken")
  static final class BrokenCycles {
    @RowKey(order = 0) @dev.rowan.mapping.annotation.Cyclic(period = "P365D") long notATime;
    @RowKey(order = 1) @dev.rowan.mapping.annotation.Cyclic(period = "a year") Instant notADuration;
    @RowKey(order = 2) @dev.rowan.mapping.annotation.Cyclic(period = "PT36H") java.time.LocalDate partDays;
    @RowKey(order = 3) @dev.rowan.mapping.annotation.Cyclic(period = "-P1D") Instant negative;
    @RowKey(order = 4) @dev.rowan.mapping.annotation.Cyclic(period = "P1D") @FixedLength(4) String fixed;
    @Column @dev.rowan.mapping.annotation.Cyclic(period = "P1D") Instant notAKeyPart;
  }

  @Test
  void aCyclicPartThatIsNoTimeOrHasABadPeriodIsRefusedNamingTheField() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(BrokenCycles.class));
    List<String> expected = List.of(
        "BrokenCycles.notATime is @Cyclic but has type long; only an Instant or a LocalDate can be cyclic",
        "BrokenCycles.notADuration has @Cyclic(period = \"a year\"), which is not an ISO-8601 duration such as"
            + " \"P365D\" or \"PT24H\"",
        "BrokenCycles.partDays has @Cyclic(period = \"PT36H\"): the period of a LocalDate must be a positive whole"
            + " number of days, not PT36H",
        "BrokenCycles.negative has @Cyclic(period = \"-P1D\"): the period of an Instant must be a positive whole"
            + " number of seconds, not PT-24H",
        "BrokenCycles.fixed is @Cyclic and @FixedLength or @Reversed; a cyclic time takes neither",
        "BrokenCycles.notAKeyPart is @Cyclic but is not a @RowKey part; only a row key part can be cyclic");
    assertEquals(expected, error.problems(), error.getMessage());
  }
}
