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
}
