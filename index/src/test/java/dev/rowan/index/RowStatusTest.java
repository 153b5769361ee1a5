package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The encoding of a row status: read back whole or by its state alone, from anywhere in an array. */
class RowStatusTest {

  @Test
  void everyStatusReadsBackWholeAndByItsStateFromAnyOffset() {
    long seed = System.nanoTime();
    System.out.println("RowStatusTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    State[] states = State.values();
    for (int n = 0; n < 1000; n++) {
      RowStatus status = new RowStatus(states[random.nextInt(states.length)], random.nextLong(), random.nextLong());
      byte[] encoded = status.encode();
      assertEquals(RowStatus.LENGTH, encoded.length);
      int offset = random.nextInt(5);
      int trailing = random.nextInt(5); // a view row's status is followed by the names of its null columns
      byte[] cell = new byte[offset + encoded.length + trailing];
      System.arraycopy(encoded, 0, cell, offset, encoded.length);
      String where = "seed " + seed + ", " + status + " at offset " + offset;
      assertEquals(status, RowStatus.decode(cell, offset, encoded.length + trailing), where);
      assertSame(status.state(), RowStatus.stateOf(cell, offset, encoded.length + trailing), where);
    }
  }

  @Test
  void aValueShorterThanAStatusIsRejectedWithItsBytes() {
    byte[] value = new RowStatus(State.LIVE, 5, 7).encode();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RowStatus.stateOf(value, 0, RowStatus.LENGTH - 1));
    assertTrue(e.getMessage().startsWith("a row status is 17 bytes, not 16: \\x01"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RowStatus.decode(new byte[] {2}, 0, 1));
  }

  @Test
  void anUnknownStateIsRejected() {
    byte[] value = new RowStatus(State.LIVE, 5, 7).encode();
    value[0] = 9;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RowStatus.stateOf(value, 0, value.length));
    assertEquals("unknown row state 9", e.getMessage());
  }

  @Test
  void theSameWriteInAnotherStateKeepsItsTimestampAndNonce() {
    assertEquals(new RowStatus(State.VERIFIED, 5, 7), new RowStatus(State.UNVERIFIED, 5, 7).with(State.VERIFIED));
  }
}
