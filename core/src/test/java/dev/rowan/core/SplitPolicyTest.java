package dev.rowan.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class SplitPolicyTest {

  @Test
  void comparesPoliciesByValue() {
    assertSame(SplitPolicy.salted(), SplitPolicy.salted());
    assertEquals(SplitPolicy.keys(Bytes.toBytes("b"), Bytes.toBytes("a")),
        SplitPolicy.keys(Bytes.toBytes("a"), Bytes.toBytes("b")));
    assertEquals(SplitPolicy.keys(Bytes.toBytes("a")).hashCode(), SplitPolicy.keys(Bytes.toBytes("a")).hashCode());
    assertNotEquals(SplitPolicy.keys(Bytes.toBytes("a")), SplitPolicy.keys(Bytes.toBytes("b")));
    assertEquals(SplitPolicy.hex(4, "00", "ff"), SplitPolicy.hex(4, "00", "ff"));
    assertEquals(SplitPolicy.file(Path.of("s.txt")), SplitPolicy.file(Path.of("s.txt")));
  }

  @Test
  void keepsItsOwnCopyOfTheKeys() {
    byte[] key = Bytes.toBytes("m");
    SplitPolicy.Keys policy = (SplitPolicy.Keys) SplitPolicy.keys(key);
    key[0] = 'x';
    policy.keys()[0][0] = 'y';

    assertArrayEquals(new byte[][] {Bytes.toBytes("m")}, policy.keys());
  }

  @Test
  void showsKeysInStringBinaryForm() {
    assertEquals("SplitPolicy.keys(\"\\x00a\", \"m\")",
        SplitPolicy.keys(Bytes.toBytes("m"), new byte[] {0, 'a'}).toString());
  }

  @Test
  void refusesEmptyAndRepeatedKeys() {
    assertEquals("A split key must not be empty",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.keys(new byte[0])).getMessage());
    assertEquals("The split key m is given twice",
        assertThrows(IllegalArgumentException.class,
            () -> SplitPolicy.keys(Bytes.toBytes("m"), Bytes.toBytes("m"))).getMessage());
  }

  @Test
  void refusesHexRangesThatCannotBeSplit() {
    assertEquals("A hex split needs at least 1 region, not 0",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.hex(0, "00", "ff")).getMessage());
    assertEquals("The first bound of a hex split, '0x', is not a hex string",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.hex(2, "0x", "ff")).getMessage());
    assertEquals("The last bound of a hex split, '', is not a hex string",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.hex(2, "00", "")).getMessage());
    assertEquals("The last hex string 10 of a split range must be above the first, 10",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.hex(2, "10", "10")).getMessage());
    assertEquals("The hex range 0 to f holds fewer values than 17 regions",
        assertThrows(IllegalArgumentException.class, () -> SplitPolicy.hex(17, "0", "f")).getMessage());
  }
}
