package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.rowan.index.RowStatus.State;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fence's write: conditional on the status read, a new status at the fence's timestamp. */
class MainFenceTest {

  private static final byte[] ROW = Bytes.toBytes("order-1");
  private static final byte[] D = Bytes.toBytes("d");

  @Test
  void aFenceWritesItsStatusAtItsTimestampIfTheStatusIsStillTheOneRead() {
    RowStatus read = new RowStatus(State.LIVE, 500, 9);
    MainFence fence = MainFence.of(ROW, D, read, State.LIVE, 800);
    assertEquals(State.LIVE, fence.status().state());
    assertEquals(800, fence.status().timestamp());
    CheckAndMutate write = fence.write();
    assertArrayEquals(ROW, write.getRow());
    assertArrayEquals(D, write.getFamily());
    assertArrayEquals(ProtocolCells.MAIN_STATUS, write.getQualifier());
    assertEquals(CompareOperator.EQUAL, write.getCompareOp());
    assertArrayEquals(read.encode(), write.getValue());
    List<Cell> cells = ((Put) write.getAction()).get(D, ProtocolCells.MAIN_STATUS);
    assertEquals(1, cells.size());
    assertEquals(800, cells.get(0).getTimestamp());
    assertEquals(fence.status(), RowStatus.decode(CellUtil.cloneValue(cells.get(0)), 0, RowStatus.LENGTH));
  }

  @Test
  void aFenceOfARowWithoutStatusRequiresItStillAbsent() {
    MainFence fence = MainFence.of(ROW, D, null, State.DELETED, 42);
    assertEquals(State.DELETED, fence.status().state());
    assertArrayEquals(ProtocolCells.MAIN_STATUS, fence.write().getQualifier());
    assertArrayEquals(null, fence.write().getValue(), "the condition is that no status exists");
  }

  @Test
  void twoFencesCarryDifferentNonces() {
    assertNotEquals(MainFence.of(ROW, D, null, State.LIVE, 1).status().nonce(),
        MainFence.of(ROW, D, null, State.LIVE, 1).status().nonce());
  }

  @ParameterizedTest(name = "main row {0} at {1}, floor {2}, now {3}: a {4} fence at {5}")
  @CsvSource(nullValues = "none", value = {
      "LIVE,    500,  700, 1000, LIVE,    1000",
      "LIVE,    500,  700, 0,    LIVE,    701",
      "LIVE,    900,  700, 0,    LIVE,    901",
      "DELETED, 900,  700, 0,    DELETED, 901",
      "none,    none, 700, 0,    DELETED, 701",
  })
  void aFenceAboveAWriteGoesAboveItAndTheLastWriteAndKeepsTheRowsState(State state, Long lastWrite, long floor,
      long now, State fencedState, long expected) {
    RowStatus read = state == null ? null : new RowStatus(state, lastWrite, 9);
    MainRow main = new MainRow(read, state == State.LIVE ? new Object[0] : null);
    MainFence fence = MainFence.above(ROW, D, main, now, floor);
    assertEquals(fencedState, fence.status().state());
    assertEquals(expected, fence.status().timestamp());
    assertArrayEquals(read == null ? null : read.encode(), fence.write().getValue());
  }
}
