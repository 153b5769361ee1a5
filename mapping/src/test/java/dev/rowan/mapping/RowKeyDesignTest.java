package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.Entities.CallRecord;
import dev.rowan.mapping.Entities.FeedItem;
import dev.rowan.mapping.Entities.Metric;
import dev.rowan.mapping.Entities.Order;
import dev.rowan.mapping.Entities.Profile;
import dev.rowan.mapping.Entities.Reading;
import dev.rowan.mapping.Entities.Subscriber;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The classic row key designs, each as an entity, with the bytes they must produce. */
class RowKeyDesignTest {

  @Test
  void md5PrefixOfAbc001Is9bf0() {
    byte[] key = EntityModel.of(Profile.class).rowKeyOf("abc001");
    assertEquals("9bf0", new String(key, 0, 4, StandardCharsets.US_ASCII));
    assertEquals("abc001", new String(key, 4, 6, StandardCharsets.UTF_8), "the uid follows the prefix");
  }

  @Test
  void callRecordKeyIs32ReadableBytes() {
    EntityModel<CallRecord> model = EntityModel.of(CallRecord.class);
    byte[] key = model.rowKey(new CallRecord(3, "13800138000", 1_700_000_000_000_000_000L, 61));
    assertEquals(32, key.length);
    assertEquals("03" + "13800138000" + "1700000000000000000", new String(key, StandardCharsets.US_ASCII));
    assertEquals("0313800138000" + "0000000000000000042",
        Bytes.toStringBinary(model.rowKeyOf(3, "13800138000", 42L)), "readable in the HBase shell too");
  }

  @Test
  void descendingReadableTimestampPutsNewestFirstAndStaysReadable() {
    EntityModel<FeedItem> model = EntityModel.of(FeedItem.class);
    byte[] older = model.rowKeyOf("alice", 1_000L);
    byte[] newer = model.rowKeyOf("alice", 2_000L);
    assertTrue(Bytes.compareTo(newer, older) < 0, "the newer item sorts first");
    assertEquals("alice\0\0\0" + "9999999999999997999", new String(newer, StandardCharsets.US_ASCII));
    FeedItem item = new FeedItem("alice", 2_000L, "hi");
    assertEquals(item, model.read(Rows.resultOf(model.write(item).put())));
  }

  @Test
  void seller1NeverMatchesSeller12() {
    EntityModel<Metric> model = EntityModel.of(Metric.class);
    Object[] host1 = new Object[model.properties().size()];
    host1[model.property("host").index()] = "host1";
    byte[] prefix = model.rowKey().encode(host1, 1);
    Random random = new Random(7);
    for (int i = 0; i < 1000; i++) {
      long ts = random.nextLong();
      byte[] ofHost1 = model.rowKeyOf("host1", ts);
      byte[] ofHost12 = model.rowKeyOf("host12", ts);
      assertTrue(Bytes.startsWith(ofHost1, prefix));
      assertFalse(Bytes.startsWith(ofHost12, prefix), "a scan of host1's prefix must not reach host12");
      assertTrue(Bytes.compareTo(ofHost1, model.rowKeyOf("host12", Long.MIN_VALUE)) < 0,
          "every key of host1 sorts before every key of host12");
    }
  }

  @Test
  void partsCannotRunIntoEachOther() {
    byte[] a = TwoStrings.MODEL.rowKeyOf("a|b", "c");
    byte[] b = TwoStrings.MODEL.rowKeyOf("a", "b|c");
    byte[] c = TwoStrings.MODEL.rowKeyOf("a\0", "b");
    byte[] d = TwoStrings.MODEL.rowKeyOf("a", "\0b");
    Set<String> distinct = new HashSet<>();
    for (byte[] key : new byte[][] {a, b, c, d}) {
      distinct.add(Arrays.toString(key));
    }
    assertEquals(4, distinct.size());
    assertTrue(Bytes.compareTo(b, a) < 0, "(\"a\", ...) sorts before (\"a|b\", ...)");
    assertTrue(Bytes.compareTo(b, c) < 0 && Bytes.compareTo(d, c) < 0, "(\"a\", ...) sorts before (\"a\\0\", ...)");
  }

  @Test
  void reversedPhoneNumbersSpreadAHotPrefix() {
    EntityModel<Subscriber> model = EntityModel.of(Subscriber.class);
    byte[] key = model.rowKeyOf("13800138000");
    assertEquals("00083100831", new String(key, 0, 11, StandardCharsets.US_ASCII));
    Subscriber subscriber = new Subscriber("13800138000", "gold");
    assertEquals(subscriber, model.read(Rows.resultOf(model.write(subscriber).put())));
  }

  @Test
  void saltOnCarKeepsOneCarInOneBucketAndNewestFirst() {
    EntityModel<Reading> model = EntityModel.of(Reading.class);
    Set<Byte> buckets = new HashSet<>();
    byte[] previous = null;
    for (int i = 0; i < 100; i++) {
      byte[] key = model.rowKeyOf("car-7", Instant.ofEpochSecond(1_000 + i));
      buckets.add(key[0]);
      if (previous != null) {
        assertTrue(Bytes.compareTo(key, previous) < 0, "a later reading sorts first");
      }
      previous = key;
    }
    assertEquals(1, buckets.size());
    Set<Byte> carBuckets = new HashSet<>();
    for (int car = 0; car < 200; car++) {
      carBuckets.add(model.rowKeyOf("car-" + car, Instant.EPOCH)[0]);
    }
    assertEquals(8, carBuckets.size(), "200 cars cover all 8 buckets");
    byte[][] splits = model.salt().splitPoints();
    assertEquals(8 * 2 - 1, splits.length, "2 regions per bucket");
    assertArrayEquals(new byte[] {0, (byte) 128}, splits[0]);
    assertArrayEquals(new byte[] {1}, splits[1]);
  }

  @Test
  void saltBucketIsAStableFunctionOfTheKey() {
    EntityModel<Order> model = EntityModel.of(Order.class);
    byte[] key = model.rowKeyOf("order-1");
    assertEquals(key[0], model.rowKeyOf("order-1")[0]);
    assertTrue(key[0] >= 0 && key[0] < 16);
    assertEquals(model.salt().bucket(key, 1, key.length - 1), key[0], "the bucket hashes the encoded parts");
    assertEquals(15, model.salt().splitPoints().length);
    Set<Byte> buckets = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      buckets.add(model.rowKeyOf("order-" + i)[0]);
    }
    assertEquals(16, buckets.size(), "sequential order numbers spread over every bucket");
  }

  /** Two string parts, for the separator test. */
  @dev.rowan.mapping.annotation.Table(name = "pairs")
  record TwoStrings(@dev.rowan.mapping.annotation.RowKey(order = 0) String first,
      @dev.rowan.mapping.annotation.RowKey(order = 1) String second) {
    static final EntityModel<TwoStrings> MODEL = EntityModel.of(TwoStrings.class);
  }
}
