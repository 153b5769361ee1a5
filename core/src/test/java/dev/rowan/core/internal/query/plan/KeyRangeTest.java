package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The key ranges of a prefix: the smallest key above all keys that start with it. */
class KeyRangeTest {

  private static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }

  @Test
  void theKeyAfterAPrefixDropsItsTrailingFfBytesAndRaisesTheLastByteLeft() {
    assertArrayEquals(bytes(1, 3), KeyRange.after(bytes(1, 2)));
    assertArrayEquals(bytes(1, 3), KeyRange.after(bytes(1, 2, 0xFF, 0xFF)));
    assertArrayEquals(bytes(0x80), KeyRange.after(bytes(0x7F)), "bytes compare unsigned");
    assertArrayEquals(bytes(0xFF), KeyRange.after(bytes(0xFE)));
  }

  @Test
  void noKeyIsAfterAPrefixOfFfBytesOnly() {
    assertArrayEquals(new byte[0], KeyRange.after(bytes(0xFF, 0xFF)));
    assertArrayEquals(new byte[0], KeyRange.after(new byte[0]));
  }

  @Test
  void theRangeOfAPrefixHoldsExactlyTheKeysThatStartWithIt() {
    long seed = System.nanoTime();
    System.out.println("KeyRangeTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    int[] alphabet = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
    for (int n = 0; n < 5000; n++) {
      byte[] prefix = randomKey(random, alphabet, 4);
      byte[] key = randomKey(random, alphabet, 6);
      KeyRange range = KeyRange.prefix(prefix);
      boolean inside = Arrays.compareUnsigned(key, range.start()) >= 0
          && (range.stop().length == 0 || Arrays.compareUnsigned(key, range.stop()) < 0);
      boolean startsWith = key.length >= prefix.length
          && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
      assertEquals(startsWith, inside, "seed " + seed + ": key " + Arrays.toString(key) + ", prefix "
          + Arrays.toString(prefix));
      assertFalse(range.isEmpty(), "seed " + seed + ": the range of a prefix holds the prefix");
    }
  }

  @Test
  void aRangeWhoseStartIsNotBelowItsStopIsEmpty() {
    assertTrue(new KeyRange(bytes(2), bytes(2)).isEmpty());
    assertTrue(new KeyRange(bytes(3), bytes(2)).isEmpty());
    assertFalse(new KeyRange(bytes(3), new byte[0]).isEmpty(), "an empty stop is the end of the table");
  }

  private static byte[] randomKey(SplittableRandom random, int[] alphabet, int maxLength) {
    byte[] key = new byte[random.nextInt(maxLength + 1)];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) alphabet[random.nextInt(alphabet.length)];
    }
    return key;
  }
}
