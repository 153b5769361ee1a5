package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitKeysTest {

  @Table(name = "events", salt = @Salt(buckets = 16))
  record SaltedEvent(@RowKey String id, @Column String kind) {}

  @Table(name = "customers")
  record Customer(@RowKey String id, @Column String name) {}

  private static List<String> strings(byte[][] keys) {
    return Arrays.stream(keys).map(Bytes::toStringBinary).toList();
  }

  @Test
  void splitsTheFullEightDigitHexRangeIntoEvenRegionsLikeHexStringSplit() {
    byte[][] keys = SplitKeys.hex((SplitPolicy.HexRange) SplitPolicy.hex(16, "00000000", "FFFFFFFF"));

    List<String> expected = new ArrayList<>();
    for (int i = 1; i < 16; i++) {
      expected.add(Integer.toHexString(i) + "0000000");
    }
    assertEquals(expected, strings(keys));
  }

  @Test
  void padsHexSplitKeysToTheLengthOfTheLastBoundAndGivesTheRemainderToTheLastRegion() {
    byte[][] keys = SplitKeys.hex((SplitPolicy.HexRange) SplitPolicy.hex(3, "10", "7fff"));

    // a region is (0x7fff - 0x10 + 1) / 3 = 0x2aa5 wide: 0x10 + 0x2aa5, 0x10 + 2 * 0x2aa5
    assertEquals(List.of("2ab5", "555a"), strings(keys));
  }

  @Test
  void makesNoSplitKeyForOneHexRegion() {
    assertEquals(0, SplitKeys.hex((SplitPolicy.HexRange) SplitPolicy.hex(1, "00", "ff")).length);
  }

  @Test
  void parsesASplitFileOfStringBinaryKeysIgnoringBlankLines() {
    byte[][] keys = SplitKeys.parse(List.of("m", "", "  ", "\\x00\\xFFa", "b|c"), "splits.txt");

    assertArrayEquals(new byte[][] {{0, (byte) 0xff, 'a'}, Bytes.toBytes("b|c"), Bytes.toBytes("m")}, keys);
  }

  @Test
  void readsBackAnyKeysWrittenWithToStringBinary() {
    long seed = System.nanoTime();
    System.out.println("SplitKeysTest seed " + seed);
    Random random = new Random(seed);
    for (int round = 0; round < 200; round++) {
      byte[][] keys = new byte[1 + random.nextInt(20)][];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = new byte[1 + random.nextInt(12)];
        random.nextBytes(keys[i]);
        keys[i][0] = (byte) i; // distinct
      }
      List<String> lines = Stream.of(keys).map(Bytes::toStringBinary).toList();

      byte[][] parsed = SplitKeys.parse(lines, "random");

      Arrays.sort(keys, Bytes.BYTES_COMPARATOR);
      assertArrayEquals(keys, parsed, "seed " + seed + ", lines " + lines);
    }
  }

  @Test
  void refusesASplitFileThatGivesAKeyTwice() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SplitKeys.parse(List.of("a", "\\x62", "b"), "splits.txt"));

    assertEquals("The split file splits.txt gives the key b twice", e.getMessage());
  }

  @Test
  void readsTheSplitFileOfAFilePolicy(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("splits.txt");
    Files.writeString(file, "k\n\nc\r\n\\x01\n", StandardCharsets.UTF_8);

    byte[][] keys = SplitKeys.of(EntityModel.of(Customer.class), SplitPolicy.file(file), "customers");

    assertEquals(List.of("\\x01", "c", "k"), strings(keys));
  }

  @Test
  void namesTheFileAndTableWhenASplitFileCannotBeRead(@TempDir Path dir) {
    Path file = dir.resolve("absent.txt");

    UncheckedIOException e = assertThrows(UncheckedIOException.class,
        () -> SplitKeys.of(EntityModel.of(Customer.class), SplitPolicy.file(file), "ns:customers"));

    assertEquals("Cannot read the split file " + file + " of table ns:customers", e.getMessage());
  }

  @Test
  void usesGivenKeysSortedForAnUnsaltedEntity() {
    byte[][] keys = SplitKeys.of(EntityModel.of(Customer.class),
        SplitPolicy.keys(Bytes.toBytes("m"), Bytes.toBytes("f")), "customers");

    assertEquals(List.of("f", "m"), strings(keys));
  }

  @Test
  void leavesAnUnsaltedEntityInOneRegionByDefault() {
    assertEquals(0, SplitKeys.of(EntityModel.of(Customer.class), SplitPolicy.salted(), "customers").length);
  }

  @Test
  void splitsASaltedEntityOncePerBucketByDefault() {
    byte[][] keys = SplitKeys.of(EntityModel.of(SaltedEvent.class), SplitPolicy.salted(), "events");

    assertEquals(15, keys.length);
    for (int bucket = 1; bucket < 16; bucket++) {
      assertArrayEquals(new byte[] {(byte) bucket}, keys[bucket - 1]);
    }
  }

  @Test
  void refusesASplitPolicyForASaltedEntityNamingIt() {
    for (SplitPolicy policy : List.of(SplitPolicy.keys(Bytes.toBytes("m")), SplitPolicy.hex(4, "00", "ff"),
        SplitPolicy.file(Path.of("splits.txt")))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SplitKeys.of(EntityModel.of(SaltedEvent.class), policy, "events"));

      assertTrue(e.getMessage().startsWith("SaltedEvent is salted (16 buckets on all key parts), so its salt"
          + " decides where table events is split; " + policy), e.getMessage());
    }
  }
}
