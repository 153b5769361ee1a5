package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.spi.BucketFunction;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * {@code @Salt}'s bucket function: hash-mod unless told, a ring with its virtual nodes, or a class
 * of one's own; what chooses it is part of the table layout, and a wrong choice is a mapping error.
 */
class SaltStrategyTest {

  @Table(name = "plain", salt = @Salt(buckets = 16))
  record HashModMessage(@RowKey String id, @Column String body) {}

  @Table(name = "plain", salt = @Salt(buckets = 16, strategy = Salt.Strategy.HASH_MOD))
  record ExplicitHashModMessage(@RowKey String id, @Column String body) {}

  @Table(name = "ring", salt = @Salt(buckets = 16, strategy = Salt.Strategy.CONSISTENT_HASH))
  record RingMessage(@RowKey String id, @Column String body) {}

  @Table(name = "ring", salt = @Salt(buckets = 16, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 256))
  record DefaultNodesRingMessage(@RowKey String id, @Column String body) {}

  @Table(name = "ring", salt = @Salt(buckets = 16, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 64))
  record SmallRingMessage(@RowKey String id, @Column String body) {}

  /** The first byte of the salted bytes, mod the buckets: a user's function, equal by class. */
  enum FirstByte implements BucketFunction {
    INSTANCE;

    @Override
    public int bucket(byte[] bytes, int offset, int length, int buckets) {
      return length == 0 ? 0 : (bytes[offset] & 0xFF) % buckets;
    }

    @Override
    public String description() {
      return "first byte mod buckets";
    }
  }

  /** A user's function with settings, equal by them. */
  static final class LastByte implements BucketFunction {
    private final int shift = 0;

    @Override
    public int bucket(byte[] bytes, int offset, int length, int buckets) {
      return length == 0 ? 0 : ((bytes[offset + length - 1] & 0xFF) >>> shift) % buckets;
    }

    @Override
    public String description() {
      return "last byte >>> " + shift + " mod buckets";
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof LastByte last && last.shift == shift;
    }

    @Override
    public int hashCode() {
      return Objects.hash(shift);
    }
  }

  @Table(name = "custom", salt = @Salt(buckets = 8, function = FirstByte.class))
  record FirstByteMessage(@RowKey String id, @Column String body) {}

  @Table(name = "custom", salt = @Salt(buckets = 8, function = LastByte.class))
  record LastByteMessage(@RowKey String id, @Column String body) {}

  @Test
  void aSaltWithoutStrategyIsHashModAndWritesTheBytesItAlwaysWrote() {
    EntityModel<HashModMessage> model = EntityModel.of(HashModMessage.class);
    assertEquals(BucketFunction.hashMod(), model.salt().bucketFunction());
    assertEquals("row key salt(16 buckets, murmur3_32(seed 0) mod buckets, on every part) + id String",
        model.layout().description());
    assertEquals("\\x08msg-0001\\x00\\x01", Bytes.toStringBinary(model.rowKeyOf("msg-0001")));
    assertEquals(model.salt(), EntityModel.of(ExplicitHashModMessage.class).salt());
    assertEquals(model.layout(), EntityModel.of(ExplicitHashModMessage.class).layout());
  }

  @Test
  void aRingSaltRecordsItsVirtualNodesInTheLayoutAndPicksTheRingsBucket() {
    EntityModel<RingMessage> model = EntityModel.of(RingMessage.class);
    assertEquals(BucketFunction.consistentHash(Salt.DEFAULT_VIRTUAL_NODES), model.salt().bucketFunction());
    assertEquals("row key salt(16 buckets, ring of 256 virtual nodes per bucket on murmur3_32(seed 0), on every part)"
        + " + id String", model.layout().description());
    byte[] key = model.rowKeyOf("msg-0001");
    assertEquals(BucketFunction.consistentHash(256).bucket(key, 1, key.length - 1, 16), key[0]);
    assertEquals("16 buckets on all key parts by ring of 256 virtual nodes per bucket on murmur3_32(seed 0)",
        model.salt().toString());
  }

  @Test
  void saltsBuiltFromTheSameSettingsAreEqualAndOtherSettingsAreNot() {
    SaltModel ring = EntityModel.of(RingMessage.class).salt();
    assertEquals(ring, EntityModel.of(DefaultNodesRingMessage.class).salt());
    assertEquals(ring.hashCode(), EntityModel.of(DefaultNodesRingMessage.class).salt().hashCode());
    assertEquals(EntityModel.of(RingMessage.class).layout(), EntityModel.of(DefaultNodesRingMessage.class).layout());
    assertNotEquals(ring, EntityModel.of(SmallRingMessage.class).salt());
    assertNotEquals(ring, EntityModel.of(HashModMessage.class).salt());
    assertNotEquals(EntityModel.of(RingMessage.class).layout().fingerprint(),
        EntityModel.of(SmallRingMessage.class).layout().fingerprint());
    assertNotEquals(EntityModel.of(RingMessage.class).layout().fingerprint(),
        EntityModel.of(HashModMessage.class).layout().fingerprint());
    assertEquals(SaltModel.of(16, List.of(), 1, BucketFunction.consistentHash(64)),
        SaltModel.of(16, List.of(), 1, BucketFunction.consistentHash(64)));
  }

  @Test
  void aViewKeyIsSaltedByTheFunctionOfItsEntity() {
    SaltModel salt = SaltModel.of(16, List.of("id"), 2, BucketFunction.consistentHash(64));
    SaltModel view = salt.onAllParts();
    assertEquals(BucketFunction.consistentHash(64), view.bucketFunction());
    assertEquals(List.of(), view.on());
    assertEquals(16, view.buckets());
    assertEquals(2, view.regionsPerBucket());
  }

  @Test
  void aFunctionOfOnesOwnChoosesTheBucketAndNamesItselfInTheLayout() {
    EntityModel<FirstByteMessage> first = EntityModel.of(FirstByteMessage.class);
    assertEquals("row key salt(8 buckets, first byte mod buckets, on every part) + id String", first.layout().description());
    assertEquals('m' % 8, first.rowKeyOf("msg-0001")[0]);
    EntityModel<LastByteMessage> last = EntityModel.of(LastByteMessage.class);
    assertEquals(new LastByte(), last.salt().bucketFunction());
    // "msg-1" is encoded with the terminator \x00\x01: its last byte is 1
    assertEquals(1, last.rowKeyOf("msg-1")[0]);
  }

  /** Not equal by value: every instance differs from the next. */
  static final class IdentityEquals implements BucketFunction {
    @Override
    public int bucket(byte[] bytes, int offset, int length, int buckets) {
      return 0;
    }

    @Override
    public String description() {
      return "always 0";
    }
  }

  /** No constructor without arguments. */
  static final class NeedsArgument implements BucketFunction {
    NeedsArgument(int ignored) {}

    @Override
    public int bucket(byte[] bytes, int offset, int length, int buckets) {
      return 0;
    }

    @Override
    public String description() {
      return "always 0";
    }
  }

  @Table(name = "bad", salt = @Salt(buckets = 8, function = IdentityEquals.class))
  record IdentityEqualsMessage(@RowKey String id) {}

  @Table(name = "bad", salt = @Salt(buckets = 8, function = NeedsArgument.class))
  record NeedsArgumentMessage(@RowKey String id) {}

  @Table(name = "bad", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH, function = FirstByte.class))
  record BothMessage(@RowKey String id) {}

  @Table(name = "bad", salt = @Salt(buckets = 8, virtualNodes = 64))
  record NodesWithoutRingMessage(@RowKey String id) {}

  @Table(name = "bad", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 2000))
  record TooManyNodesMessage(@RowKey String id) {}

  private static String problem(Class<?> type) {
    MappingException error = assertThrows(MappingException.class, () -> EntityModel.of(type));
    assertEquals(1, error.problems().size(), error.getMessage());
    return error.problems().get(0);
  }

  @Test
  void aFunctionWhoseInstancesAreNotEqualByValueIsAMappingError() {
    assertEquals("IdentityEqualsMessage has @Salt(function = " + IdentityEquals.class.getName() + ".class), whose"
        + " instances are not equal by value: two made alike must be equal and have the same hashCode, because a"
        + " cached model compares them; implement equals and hashCode", problem(IdentityEqualsMessage.class));
  }

  @Test
  void aFunctionThatCannotBeMadeIsAMappingError() {
    String problem = problem(NeedsArgumentMessage.class);
    assertTrue(problem.startsWith("NeedsArgumentMessage has @Salt(function = " + NeedsArgument.class.getName()
        + ".class), which cannot be made: java.lang.NoSuchMethodException"), problem);
    assertTrue(problem.endsWith("give it a no-argument constructor, or make it an enum of one constant"), problem);
  }

  @Test
  void aStrategyAndAFunctionTogetherAreAMappingError() {
    assertEquals("BothMessage has @Salt(strategy = CONSISTENT_HASH, function = FirstByte.class); give a strategy or a"
        + " function, not both", problem(BothMessage.class));
  }

  @Test
  void virtualNodesWithoutARingAreAMappingError() {
    assertEquals("NodesWithoutRingMessage has @Salt(virtualNodes = 64) without strategy = CONSISTENT_HASH; virtual"
        + " nodes are points on a consistent-hash ring and mean nothing to HASH_MOD", problem(NodesWithoutRingMessage.class));
    assertEquals("TooManyNodesMessage has @Salt(virtualNodes = 2000); it runs from 1 to 1024, or 0 for the default"
        + " of 256", problem(TooManyNodesMessage.class));
  }

  /** Answers a bucket past the last. */
  enum OutOfRange implements BucketFunction {
    INSTANCE;

    @Override
    public int bucket(byte[] bytes, int offset, int length, int buckets) {
      return buckets;
    }

    @Override
    public String description() {
      return "one too many";
    }
  }

  @Table(name = "bad", salt = @Salt(buckets = 8, function = OutOfRange.class))
  record OutOfRangeMessage(@RowKey String id) {}

  @Test
  void aFunctionThatAnswersABucketOutOfRangeFailsTheWriteNamingIt() {
    EntityModel<OutOfRangeMessage> model = EntityModel.of(OutOfRangeMessage.class);
    IllegalStateException error = assertThrows(IllegalStateException.class, () -> model.rowKeyOf("m"));
    assertEquals("the bucket function " + OutOfRange.class.getName() + " (one too many) answered bucket 8 for a salt"
        + " of 8 buckets; it must answer 0 to 7", error.getMessage());
  }
}
