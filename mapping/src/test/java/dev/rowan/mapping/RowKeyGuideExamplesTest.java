package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyCodecs;
import dev.rowan.mapping.codec.KeyReader;
import dev.rowan.mapping.codec.KeyWriter;
import dev.rowan.mapping.codec.ValueCodec;
import dev.rowan.mapping.codec.ValueCodecs;
import dev.rowan.mapping.spi.BucketFunction;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.MurmurHash3;
import org.junit.jupiter.api.Test;

/**
 * The examples of {@code docs/row-keys.md}: every entity the guide declares and every byte
 * sequence it shows is asserted here, and {@link #theGuideShowsOnlyCodeCopiedFromThisTest} checks
 * that each code block of the guide is copied from this file.
 */
class RowKeyGuideExamplesTest {

  // --- 1. Layout: a wide row -------------------------------------------------------------------

  @Table(name = "order_lines")
  @Family(name = "l")
  record OrderLine(
      @RowKey String orderNo,
      @ColumnKey int lineNo,
      @Column(name = "k") String sku,
      @Column(name = "q") Integer quantity) {}

  @Test
  void aWideRowPutsTheColumnKeyInFrontOfEveryQualifier() {
    EntityModel<OrderLine> lines = EntityModel.of(OrderLine.class);
    Put line2 = lines.write(new OrderLine("o-9", 2, "sku-a", 5)).put();
    assertEquals("o-9\\x00\\x01", Bytes.toStringBinary(line2.getRow()));
    assertEquals(List.of("l:\\x80\\x00\\x00\\x02k", "l:\\x80\\x00\\x00\\x02q"), columns(line2));

    Put line3 = lines.write(new OrderLine("o-9", 3, null, null)).put();
    assertEquals(List.of("l:\\x80\\x00\\x00\\x03"), columns(line3)); // the row marker of line 3
  }

  // --- 2. Types --------------------------------------------------------------------------------

  enum Status { NEW, PAID, SHIPPED }

  enum Priority { LOW, MEDIUM, HIGH }

  @Test
  void everyTypeEncodesAsTheTableShows() {
    assertEquals("01", key(true));
    assertEquals("FF", cell(true));
    assertEquals("00", key(false));
    assertEquals("7F", key((byte) -1));
    assertEquals("FF", cell((byte) -1));
    assertEquals("80 01", key((short) 1));
    assertEquals("00 01", cell((short) 1));
    assertEquals("00 41", key('A'));
    assertEquals("00 41", cell('A'));
    assertEquals("7F FF FF FF", key(-1));
    assertEquals("FF FF FF FF", cell(-1));
    assertEquals("80 00 00 00 00 00 00 2A", key(42L));
    assertEquals("00 00 00 00 00 00 00 2A", cell(42L));
    assertEquals("7F FF FF FF FF FF FF D6", key(-42L));
    assertEquals("BF 80 00 00", key(1.0f));
    assertEquals("3F 80 00 00", cell(1.0f));
    assertEquals("40 7F FF FF", key(-1.0f));
    assertEquals("7F FF FF FF", key(-0.0f));
    assertEquals("80 00 00 00", key(0.0f));
    assertEquals("FF C0 00 00", key(Float.NaN));
    assertEquals("BF F0 00 00 00 00 00 00", key(1.0));
    assertEquals("3F F0 00 00 00 00 00 00", cell(1.0));
    assertEquals("C0 80 00 00 02 02 03 06 00", key(new BigDecimal("12.5")));
    assertEquals("00 00 00 01 7D", cell(new BigDecimal("12.5")));
    assertEquals("40 7F FF FF FD FD FC F9 FF", key(new BigDecimal("-12.5")));
    assertEquals("80", key(BigDecimal.ZERO));
    assertEquals("C0 80 00 00 01 02 00", key(new BigDecimal("1.00")));
    assertEquals("00 00 00 02 64", cell(new BigDecimal("1.00")));
    assertEquals("61 62 00 01", key("ab"));
    assertEquals("61 62", cell("ab"));
    assertEquals("61 00 FF 62 00 01", key("a\0b"));
    assertEquals("00 01", key(""));
    assertEquals("01 00 FF 02 00 01", key(new byte[] {1, 0, 2}));
    assertEquals("01 00 02", cell(new byte[] {1, 0, 2}));
    assertEquals("50 41 49 44 00 01", key(Status.PAID));
    assertEquals("50 41 49 44", cell(Status.PAID));
    Instant instant = Instant.parse("1970-01-01T00:00:01.5Z");
    assertEquals("80 00 00 00 00 00 00 01 1D CD 65 00", key(instant));
    assertEquals("00 00 00 00 00 00 00 01 1D CD 65 00", cell(instant));
    assertEquals("80 00 00 00 00 00 00 01", key(LocalDate.of(1970, 1, 2)));
    assertEquals("00 00 00 00 00 00 00 01", cell(LocalDate.of(1970, 1, 2)));
    LocalDateTime time = LocalDateTime.parse("1970-01-01T00:00:01.5");
    assertEquals("80 00 00 00 00 00 00 01 1D CD 65 00", key(time));
    assertEquals("00 00 00 00 00 00 00 01 1D CD 65 00", cell(time));
    UUID uuid = UUID.fromString("00000000-0000-0001-0000-000000000002");
    assertEquals("80 00 00 00 00 00 00 01 80 00 00 00 00 00 00 02", key(uuid));
    assertEquals("00 00 00 00 00 00 00 01 00 00 00 00 00 00 00 02", cell(uuid));
  }

  @Test
  void keysSortAsTheTableSays() {
    assertEquals(List.of(Float.NEGATIVE_INFINITY, -1f, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NaN),
        sortedByKey(List.of(Float.NaN, 0.0f, Float.POSITIVE_INFINITY, -0.0f, -1f, Float.NEGATIVE_INFINITY)));
    assertEquals(List.of(Priority.HIGH, Priority.LOW, Priority.MEDIUM),
        sortedByKey(List.of(Priority.LOW, Priority.MEDIUM, Priority.HIGH)), "by name, not by ordinal");
    assertEquals(List.of("a", "a\0", "ab", "b"), sortedByKey(List.of("b", "ab", "a\0", "a")), "a prefix first");
    String smiley = "\uD83D\uDE00"; // U+1F600, a surrogate pair in UTF-16
    assertTrue("\uFFFF".compareTo(smiley) > 0, "String.compareTo orders UTF-16 code units");
    assertEquals(List.of("\uFFFF", smiley), sortedByKey(List.of(smiley, "\uFFFF")), "keys order code points");
    UUID ones = UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff");
    UUID zeros = UUID.fromString("00000000-0000-0000-0000-000000000000");
    assertEquals(List.of(ones, zeros), sortedByKey(List.of(zeros, ones)), "as UUID.compareTo: signed halves");
    assertTrue(ones.compareTo(zeros) < 0);
    assertEquals(key(new BigDecimal("1.0")), key(new BigDecimal("1.00")));
    assertEquals("1", decodeKey(new BigDecimal("1.00")).toString(), "trailing zeros are dropped");
    assertEquals("1E+2", decodeKey(new BigDecimal("100")).toString());
  }

  // --- 3. Separation ---------------------------------------------------------------------------

  @Table(name = "metrics")
  record Metric(@RowKey(order = 0) String host, @RowKey(order = 1) long ts, double value) {}

  @Test
  void host1NeverRunsIntoHost12() {
    EntityModel<Metric> metrics = EntityModel.of(Metric.class);
    byte[] host1 = metrics.rowKeyOf("host1", 7L);
    byte[] host12 = metrics.rowKeyOf("host12", 7L);
    assertEquals("host1\\x00\\x01\\x80\\x00\\x00\\x00\\x00\\x00\\x00\\x07", Bytes.toStringBinary(host1));
    assertEquals("host12\\x00\\x01\\x80\\x00\\x00\\x00\\x00\\x00\\x00\\x07", Bytes.toStringBinary(host12));
    assertFalse(Bytes.startsWith(host12, Bytes.toBytesBinary("host1\\x00\\x01")));
    assertTrue(Bytes.compareTo(metrics.rowKeyOf("host1", Long.MAX_VALUE), metrics.rowKeyOf("host12", Long.MIN_VALUE)) < 0);
  }

  @Table(name = "pairs")
  record Pair(@RowKey(order = 0) String first, @RowKey(order = 1) String second) {}

  @Test
  void aSeparatorInsideAValueCannotMoveTheBoundaryBetweenParts() {
    EntityModel<Pair> pairs = EntityModel.of(Pair.class);
    assertEquals("a|b\\x00\\x01c\\x00\\x01", Bytes.toStringBinary(pairs.rowKeyOf("a|b", "c")));
    assertEquals("a\\x00\\x01b|c\\x00\\x01", Bytes.toStringBinary(pairs.rowKeyOf("a", "b|c")));
    assertEquals("a\\x00\\xFF\\x00\\x01b\\x00\\x01", Bytes.toStringBinary(pairs.rowKeyOf("a\0", "b")));
    assertEquals("a\\x00\\x01\\x00\\xFFb\\x00\\x01", Bytes.toStringBinary(pairs.rowKeyOf("a", "\0b")));
  }

  // --- 4. Transforms ---------------------------------------------------------------------------

  @Table(name = "transforms")
  record Transformed(
      @RowKey(order = 0) @Descending long newestFirst,
      @RowKey(order = 1) @Descending String zToA,
      @RowKey(order = 2) @Reversed String phone,
      @RowKey(order = 3) @FixedLength(6) String code,
      @RowKey(order = 4) @FixedLength(7) Status status,
      @RowKey(order = 5) @FixedLength(6) long serial,
      @RowKey(order = 6) @FixedLength(6) @Descending long countdown,
      @RowKey(order = 7) @FixedLength(4) byte[] tag) {}

  @Test
  void everyTransformWritesTheBytesTheTableShows() {
    assertEquals("7F FF FF FF FF FF FF D5", part("newestFirst", 42L));
    assertEquals("9E 9D FF FE", part("zToA", "ab"));
    assertEquals("9E FF FE", part("zToA", "a"));
    assertEquals("00083100831\\x00\\x01", partAsShell("phone", "13800138000"));
    assertEquals("61 62 00 00 00 00", part("code", "ab"));
    assertEquals("PAID\\x00\\x00\\x00", partAsShell("status", Status.PAID));
    assertEquals("000042", partAsShell("serial", 42L));
    assertEquals("999957", partAsShell("countdown", 42L));
    assertEquals("01 02 03 04", part("tag", new byte[] {1, 2, 3, 4}));
  }

  @Table(name = "profiles")
  record Profile(@RowKey @HashPrefix(length = 4) String uid, String name) {}

  @Test
  void aProfileKeyStartsWithTheMd5PrefixOfTheUid() throws Exception {
    byte[] key = EntityModel.of(Profile.class).rowKeyOf("abc001");
    assertEquals("9bf0abc001\\x00\\x01", Bytes.toStringBinary(key));

    byte[] md5 = MessageDigest.getInstance("MD5").digest("abc001".getBytes(StandardCharsets.UTF_8));
    assertEquals("9bf0", HexFormat.of().formatHex(md5).substring(0, 4));
  }

  // --- 5. Nulls --------------------------------------------------------------------------------

  @Test
  void nullColumnsAreDeletedAndTheRowMarkerKeepsAnEntityWithoutValues() {
    EntityModel<Profile> profiles = EntityModel.of(Profile.class);
    RowWrite write = profiles.write(new Profile("abc001", null));
    assertEquals(List.of("d:\\x00m"), columns(write.put())); // the row marker: qualifier \x00m, empty value
    assertEquals(List.of("d:name"), columns(write.delete()));
  }

  @Test
  void cellsOfUnknownColumnsAreSkipped() {
    EntityModel<Profile> profiles = EntityModel.of(Profile.class);
    Put put = profiles.write(new Profile("abc001", "Ann")).put();
    put.addColumn(Bytes.toBytes("d"), Bytes.toBytes("added-later"), Bytes.toBytes(1));
    assertEquals(new Profile("abc001", "Ann"), profiles.read(Rows.resultOf(put)));
    assertNull(profiles.read(Result.EMPTY_RESULT));
  }

  // --- 6. Errors -------------------------------------------------------------------------------

  @Table(name = "broken")
  record Broken(
      @RowKey(order = 0) @Reversed long id,
      @RowKey(order = 1) @FixedLength(20) long ts,
      List<String> tags) {}

  @Test
  void oneMappingExceptionListsEveryProblemOfAClass() {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(Broken.class));
    assertEquals(List.of(
        "Broken.id is @Reversed but is not a String",
        "Broken.ts has @FixedLength(20); whole numbers take at most 19 digits",
        "Broken.tags has type java.util.List, which Rowan cannot store (supported: String, byte[],"
            + " boolean, numbers, BigDecimal, Instant, LocalDate, LocalDateTime, UUID, enums)"),
        error.problems());
    assertTrue(error.getMessage().startsWith("Cannot map " + Broken.class.getName() + ": 3 problems\n  - "));
  }

  @Test
  void aValueThatCannotBeWrittenIsRefusedNamingTheField() {
    EntityModel<Profile> profiles = EntityModel.of(Profile.class);
    assertEquals("Profile.uid: a key part cannot be null", assertThrows(InvalidValueException.class,
        () -> profiles.write(new Profile(null, "Ann"))).getMessage());
    assertEquals("Profile.uid: value 'abc\uD800' is not well-formed UTF-16: unpaired surrogate U+D800 at index 3",
        assertThrows(InvalidValueException.class, () -> profiles.write(new Profile("abc\uD800", "Ann"))).getMessage());
    assertEquals("Profile.name: is not well-formed UTF-16: unpaired surrogate U+DC00 at index 0",
        assertThrows(InvalidValueException.class, () -> profiles.write(new Profile("abc001", "\uDC00"))).getMessage());
  }

  // --- 7. Metadata -----------------------------------------------------------------------------

  @Test
  void theModelOfAClassIsBuiltOnceAndShared() {
    assertSame(EntityModel.of(Profile.class), EntityModel.of(Profile.class));
  }

  @Table(name = "devices")
  @Family(name = "s", maxVersions = 3, inMemory = true, blockSize = 16 * 1024)
  @Family(name = "r", ttlSeconds = 30 * 24 * 3600, compression = Compression.Algorithm.GZ,
      dataBlockEncoding = DataBlockEncoding.FAST_DIFF)
  record Device(
      @RowKey String serial,
      @Column(family = "s", name = "st") String state,    // small, read on every request
      @Column(family = "r", name = "p") byte[] payload) {} // bulky, kept for 30 days

  @Test
  void familySettingsGoIntoTheTableDescriptor() {
    EntityModel<Device> devices = EntityModel.of(Device.class);
    ColumnFamilyDescriptor small = devices.families().get(0).descriptor();
    assertEquals("s", small.getNameAsString());
    assertEquals(3, small.getMaxVersions());
    assertTrue(small.isInMemory());
    assertEquals(16384, small.getBlocksize());
    assertEquals(HConstants.FOREVER, small.getTimeToLive());
    assertEquals(BloomType.ROW, small.getBloomFilterType());
    assertEquals(Compression.Algorithm.NONE, small.getCompressionType());

    ColumnFamilyDescriptor bulky = devices.families().get(1).descriptor();
    assertEquals("r", bulky.getNameAsString());
    assertEquals(1, bulky.getMaxVersions());
    assertEquals(2_592_000, bulky.getTimeToLive());
    assertEquals(Compression.Algorithm.GZ, bulky.getCompressionType());
    assertEquals(DataBlockEncoding.FAST_DIFF, bulky.getDataBlockEncoding());
    assertEquals(65536, bulky.getBlocksize());

    assertEquals(List.of("s:\\x00m"), columns(devices.write(new Device("d-1", null, null)).put())); // the row marker
  }

  @Table(name = "testTable")
  @Family(name = "cf", dataBlockEncoding = DataBlockEncoding.FAST_DIFF, bloom = BloomType.ROWCOL,
      replicationScope = 1, maxVersions = 3, compression = Compression.Algorithm.GZ, minVersions = 1,
      ttlSeconds = 7 * 24 * 3600, keepDeletedCells = KeepDeletedCells.FALSE, blockSize = 32 * 1024,
      inMemory = false, blockCache = false)
  record TestRow(
      @RowKey String id,
      @Column(name = "v") String value,
      @Column(name = "w") String other) {}

  @Test
  void everySettingOfTheShellCreateCommandGoesIntoTheFamilyDescriptor() {
    ColumnFamilyDescriptor cf = EntityModel.of(TestRow.class).families().get(0).descriptor();
    assertEquals("cf", cf.getNameAsString());
    assertEquals(DataBlockEncoding.FAST_DIFF, cf.getDataBlockEncoding());
    assertEquals(BloomType.ROWCOL, cf.getBloomFilterType());
    assertEquals(1, cf.getScope());
    assertEquals(3, cf.getMaxVersions());
    assertEquals(Compression.Algorithm.GZ, cf.getCompressionType());
    assertEquals(1, cf.getMinVersions());
    assertEquals(604_800, cf.getTimeToLive());
    assertEquals(KeepDeletedCells.FALSE, cf.getKeepDeletedCells());
    assertEquals(32_768, cf.getBlocksize());
    assertFalse(cf.isInMemory());
    assertFalse(cf.isBlockCacheEnabled());
    assertTrue(cf.isNewVersionBehavior());
  }

  @Test
  void aFamilyWithoutSettingsHasHBasesDefaults() {
    ColumnFamilyDescriptor d = EntityModel.of(Profile.class).families().get(0).descriptor();
    ColumnFamilyDescriptor hbase = ColumnFamilyDescriptorBuilder.of("d");
    assertEquals(hbase.getMaxVersions(), d.getMaxVersions());
    assertEquals(hbase.getMinVersions(), d.getMinVersions());
    assertEquals(hbase.getTimeToLive(), d.getTimeToLive());
    assertEquals(hbase.getKeepDeletedCells(), d.getKeepDeletedCells());
    assertEquals(hbase.getBloomFilterType(), d.getBloomFilterType());
    assertEquals(hbase.getCompressionType(), d.getCompressionType());
    assertEquals(hbase.getBlocksize(), d.getBlocksize());
    assertEquals(hbase.isInMemory(), d.isInMemory());
    assertEquals(hbase.isBlockCacheEnabled(), d.isBlockCacheEnabled());
    assertEquals(hbase.getDataBlockEncoding(), d.getDataBlockEncoding());
    assertEquals(hbase.getScope(), d.getScope());
  }

  // --- 8. Worked examples ----------------------------------------------------------------------

  @Table(name = "calls")
  record CallRecord(
      @RowKey(order = 0) @FixedLength(2) int month,        // 01..12
      @RowKey(order = 1) @FixedLength(11) String phone,    // 11-digit mobile number
      @RowKey(order = 2) @FixedLength(19) long startNanos, // epoch nanoseconds: 19 digits until 2262
      @Column(name = "d") int seconds) {}

  @Test
  void aCallRecordKeyIs32ReadableBytes() {
    EntityModel<CallRecord> calls = EntityModel.of(CallRecord.class);
    byte[] key = calls.rowKeyOf(3, "13800138000", 1_700_000_000_000_000_000L);
    assertEquals("03" + "13800138000" + "1700000000000000000", Bytes.toStringBinary(key));
    assertEquals(32, key.length);

    InvalidValueException error = assertThrows(InvalidValueException.class,
        () -> calls.write(new CallRecord(3, "138001380001", 1L, 60)));
    assertEquals("CallRecord.phone: value '138001380001' is 12 bytes long, longer than @FixedLength(11)",
        error.getMessage());
  }

  @Table(name = "feed")
  record FeedItem(
      @RowKey(order = 0) String user,
      @RowKey(order = 1) @FixedLength(19) @Descending long postedAt, // epoch milliseconds
      String text) {}

  @Test
  void aFeedListsTheNewestItemFirstAndStaysReadable() {
    EntityModel<FeedItem> feed = EntityModel.of(FeedItem.class);
    byte[] older = feed.rowKeyOf("alice", 1_700_000_000_000L);
    byte[] newer = feed.rowKeyOf("alice", 1_700_000_001_000L);
    assertEquals("alice\\x00\\x01" + "9999998299999999999", Bytes.toStringBinary(older));
    assertEquals("alice\\x00\\x01" + "9999998299999998999", Bytes.toStringBinary(newer));
    assertTrue(Bytes.compareTo(newer, older) < 0);
  }

  @Table(name = "telemetry", salt = @Salt(buckets = 8, on = "car", regionsPerBucket = 2))
  record Reading(
      @RowKey(order = 0) String car,
      @RowKey(order = 1) @Descending Instant at,
      double speed) {}

  @Test
  void telemetrySaltedOnTheCarKeepsEachCarInOneBucketNewestFirst() {
    EntityModel<Reading> readings = EntityModel.of(Reading.class);
    Instant noon = Instant.parse("2024-05-01T12:00:00Z");
    byte[] car7 = readings.rowKeyOf("car-7", noon);
    assertEquals("\\x00car-7\\x00\\x01\\x7F\\xFF\\xFF\\xFF\\x99\\xCD\\xD1?\\xFF\\xFF\\xFF\\xFF", Bytes.toStringBinary(car7));
    assertEquals("\\x03car-8\\x00\\x01\\x7F\\xFF\\xFF\\xFF\\x99\\xCD\\xD1?\\xFF\\xFF\\xFF\\xFF",
        Bytes.toStringBinary(readings.rowKeyOf("car-8", noon)));

    byte[] car7Later = readings.rowKeyOf("car-7", noon.plusSeconds(1));
    assertEquals(car7[0], car7Later[0]);
    assertTrue(Bytes.compareTo(car7Later, car7) < 0);

    byte[] salted = Bytes.toBytesBinary("car-7\\x00\\x01"); // the encoded salted part
    int bucket = Math.floorMod(MurmurHash3.getInstance().hash(new ByteArrayHashKey(salted, 0, salted.length), 0), 8);
    assertEquals(0, bucket);

    assertEquals("\\x00\\x80 \\x01 \\x01\\x80 \\x02 \\x02\\x80 \\x03 \\x03\\x80 \\x04 \\x04\\x80"
        + " \\x05 \\x05\\x80 \\x06 \\x06\\x80 \\x07 \\x07\\x80",
        Arrays.stream(readings.salt().splitPoints()).map(Bytes::toStringBinary).collect(Collectors.joining(" ")));
  }

  @Table(name = "messages", salt = @Salt(buckets = 16, on = "messageId", strategy = Salt.Strategy.CONSISTENT_HASH,
      virtualNodes = 64))
  record Message(
      @RowKey(order = 0) long messageId,
      @RowKey(order = 1) int part,
      String body) {}

  @Test
  void aRingMapsAMessageIdToARegionAndMovesFewIdsWhenARegionIsAdded() {
    EntityModel<Message> messages = EntityModel.of(Message.class);
    assertEquals("\\x0D\\x80\\x00\\x00\\x00\\x014\\xD8u\\x80\\x00\\x00\\x00",
        Bytes.toStringBinary(messages.rowKeyOf(20240501L, 0)));
    assertEquals("\\x0D\\x80\\x00\\x00\\x00\\x014\\xD8u\\x80\\x00\\x00\\x01",
        Bytes.toStringBinary(messages.rowKeyOf(20240501L, 1)));

    BucketFunction ring = BucketFunction.consistentHash(64);
    byte[] id = Bytes.toBytesBinary("\\x80\\x00\\x00\\x00\\x014\\xD8u"); // 20240501L, as the key encodes it
    assertEquals(13, ring.bucket(id, 0, id.length, 16)); // region 13 of 16
    assertEquals(13, ring.bucket(id, 0, id.length, 17)); // and still 13 of 17

    int movedByRing = 0;
    int movedByHashMod = 0;
    for (long messageId = 0; messageId < 10_000; messageId++) {
      byte[] salted = Arrays.copyOfRange(messages.rowKeyOf(messageId, 0), 1, 9);
      BucketFunction hashMod = BucketFunction.hashMod();
      movedByRing += ring.bucket(salted, 0, 8, 16) == ring.bucket(salted, 0, 8, 17) ? 0 : 1;
      movedByHashMod += hashMod.bucket(salted, 0, 8, 16) == hashMod.bucket(salted, 0, 8, 17) ? 0 : 1;
    }
    assertEquals(665, movedByRing); // 1/17 would be 588
    assertEquals(9460, movedByHashMod); // 16/17 would be 9412
  }

  @Table(name = "url_hits")
  @Family(name = "d", ttlSeconds = 30 * 86_400) // kept 30 days: 30 + 2 x 7 < 365
  record UrlHits(
      @RowKey(order = 0) @Cyclic(period = "P365D") LocalDate day, // the day's place in a 365-day cycle
      @RowKey(order = 1) String url,
      @Column(name = "n") long hits) {}

  @Table(name = "url_hits_in_hours")
  record SameCycle(@RowKey @Cyclic(period = "PT8760H") LocalDate day) {}

  @Test
  void aCyclicDayKeyReusesLastCyclesKeyRangeAndStillDecodesTheFullDate() {
    EntityModel<UrlHits> hits = EntityModel.of(UrlHits.class);
    byte[] thisYear = hits.rowKeyOf(LocalDate.parse("2026-11-24"), "example.com/a");
    byte[] nextYear = hits.rowKeyOf(LocalDate.parse("2027-11-24"), "example.com/a");
    byte[] nextDay = hits.rowKeyOf(LocalDate.parse("2026-11-25"), "example.com/a");
    assertEquals("\\x00\\x00\\x00\\x00\\x00\\x00\\x01U\\x80\\x00\\x00\\x00\\x00\\x00\\x008example.com/a\\x00\\x01",
        Bytes.toStringBinary(thisYear));
    assertEquals("\\x00\\x00\\x00\\x00\\x00\\x00\\x01U\\x80\\x00\\x00\\x00\\x00\\x00\\x009example.com/a\\x00\\x01",
        Bytes.toStringBinary(nextYear));
    assertEquals("\\x00\\x00\\x00\\x00\\x00\\x00\\x01V\\x80\\x00\\x00\\x00\\x00\\x00\\x008example.com/a\\x00\\x01",
        Bytes.toStringBinary(nextDay));
    assertTrue(Bytes.compareTo(nextYear, nextDay) < 0, "next year's 24 November sorts before this year's 25th");
    assertEquals(LocalDate.parse("2027-11-24"), hits.readValues(Rows.resultOf(hits.write(
        new UrlHits(LocalDate.parse("2027-11-24"), "example.com/a", 3)).put()))[0]);
    assertEquals(LocalDate.parse("2026-12-18"), LocalDate.ofEpochDay(365L * 57)); // where a cycle starts
    assertEquals("LocalDate cyclic(P365D)", hits.property("day").keyForm());
    assertEquals(hits.property("day").keyForm(), EntityModel.of(SameCycle.class).property("day").keyForm(),
        "one length, one layout, however it is written");
  }

  @Table(name = "device_events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 1)
  @Index(name = "type", key = {"type", "at"}) // per period: device_events_2026_11.type
  record DeviceEvent(
      @RowKey(order = 0) String deviceId,
      @RowKey(order = 1) @Descending Instant at,
      @Column String type,
      @Column long value) {}

  @Test
  void aDeviceEventIsKeptInTheTableOfItsMonthAndItsViewsInThatMonthsViewTables() {
    EntityModel<DeviceEvent> events = EntityModel.of(DeviceEvent.class);
    PeriodModel periods = events.periods();
    LocalDate november = periods.periodOf(Instant.parse("2026-11-24T10:15:00Z"));
    assertEquals(LocalDate.parse("2026-11-01"), november);
    assertEquals("device_events_2026_11", periods.tableName(events.tableName(), events.tableName(), november));
    assertEquals("device_events_2026_11.type", periods.tableName(events.tableName(), "device_events.type", november));
    assertEquals(LocalDate.parse("2025-12-01"), periods.plus(november, -(periods.keep() - 1)), "the oldest month kept");
    assertEquals(1, periods.ahead());
    // inside a month's table the key is the one a single table would have
    Instant at = Instant.parse("2026-11-24T10:15:00Z");
    assertEquals(Bytes.toStringBinary(EntityModel.of(SingleTableEvent.class).rowKeyOf("dev-1", at)),
        Bytes.toStringBinary(events.rowKeyOf("dev-1", at)));
  }

  @Table(name = "device_events_single")
  record SingleTableEvent(@RowKey(order = 0) String deviceId, @RowKey(order = 1) @Descending Instant at) {}

  // --- The guide and this test agree -----------------------------------------------------------

  @Test
  void theGuideShowsOnlyCodeCopiedFromThisTest() throws IOException {
    Path guide = findUp("docs/row-keys.md");
    Path source = findUp("mapping/src/test/java/dev/rowan/mapping/RowKeyGuideExamplesTest.java");
    assumeTrue(guide != null && source != null, "the guide is checked from the source tree only");
    String test = normalized(Files.readString(source));
    Matcher blocks = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(guide));
    int count = 0;
    while (blocks.find()) {
      count++;
      assertTrue(test.contains(normalized(blocks.group(1))),
          "docs/row-keys.md shows code that is not in RowKeyGuideExamplesTest:\n" + blocks.group(1));
    }
    assertTrue(count >= 8, "the guide has " + count + " code blocks");
  }

  // --- Helpers ---------------------------------------------------------------------------------

  /** The key bytes of {@code value} in the natural codec of its type, as hex. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String key(Object value) {
    KeyWriter out = new KeyWriter(16);
    ((KeyCodec) KeyCodecs.natural(typeOf(value))).encode(value, out);
    return hex(out.toByteArray());
  }

  /** The cell value bytes of {@code value} in the standard codec of its type, as hex. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String cell(Object value) {
    return hex(((ValueCodec) ValueCodecs.standard(typeOf(value))).encode(value));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <V> V decodeKey(V value) {
    KeyWriter out = new KeyWriter(16);
    KeyCodec codec = KeyCodecs.natural(typeOf(value));
    codec.encode(value, out);
    return (V) codec.decode(new KeyReader(out.toByteArray()));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <V> List<V> sortedByKey(List<V> values) {
    List<V> sorted = new ArrayList<>(values);
    sorted.sort((a, b) -> {
      KeyCodec codec = KeyCodecs.natural(typeOf(a));
      KeyWriter x = new KeyWriter(16);
      KeyWriter y = new KeyWriter(16);
      codec.encode(a, x);
      codec.encode(b, y);
      return Arrays.compareUnsigned(x.toByteArray(), y.toByteArray());
    });
    return sorted;
  }

  private static Class<?> typeOf(Object value) {
    return value instanceof Enum<?> constant ? constant.getDeclaringClass() : value.getClass();
  }

  /** The bytes the key codec of {@code Transformed.<property>}, transforms included, writes. */
  private static byte[] partBytes(String property, Object value) {
    KeyWriter out = new KeyWriter(16);
    EntityModel.of(Transformed.class).property(property).keyCodec().encode(value, out);
    return out.toByteArray();
  }

  private static String part(String property, Object value) {
    return hex(partBytes(property, value));
  }

  private static String partAsShell(String property, Object value) {
    return Bytes.toStringBinary(partBytes(property, value));
  }

  private static String hex(byte[] bytes) {
    return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
  }

  /** {@code family:qualifier} of every cell of {@code mutation}, as the HBase shell prints them. */
  private static List<String> columns(Mutation mutation) {
    List<String> columns = new ArrayList<>();
    mutation.getFamilyCellMap().values().forEach(cells -> cells.forEach(cell -> columns.add(
        Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell)))));
    return columns;
  }

  private static Path findUp(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(relative))) {
        return dir.resolve(relative);
      }
    }
    return null;
  }

  /** The lines of {@code code}, stripped of indentation, blank lines dropped. */
  private static String normalized(String code) {
    return code.lines().map(String::strip).filter(line -> !line.isEmpty())
        .collect(Collectors.joining("\n", "\n", "\n"));
  }
}
