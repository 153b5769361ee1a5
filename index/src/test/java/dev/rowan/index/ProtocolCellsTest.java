package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus.State;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Finding the status cell of a row: the newest version of it, in small rows and large; and the
 * qualifiers of the protocol cells, which other packages see only as copies.
 */
class ProtocolCellsTest {

  private static final byte[] ROW = Bytes.toBytes("r");
  private static final byte[] D = Bytes.toBytes("d");
  private static final byte[] E = Bytes.toBytes("e");

  private static Cell cell(byte[] family, byte[] qualifier, long timestamp, byte[] value) {
    return new KeyValue(ROW, family, qualifier, timestamp, value);
  }

  private static Cell status(byte[] family, long timestamp, State state) {
    return cell(family, ProtocolCells.VIEW_STATUS, timestamp, new RowStatus(state, timestamp, 7).encode());
  }

  private static Result row(List<Cell> cells) {
    List<Cell> sorted = new ArrayList<>(cells);
    sorted.sort(CellComparator.getInstance());
    return Result.create(sorted);
  }

  @Test
  void theNewestVersionOfTheStatusOfTheFamilyIsRead() {
    Result row = row(List.of(cell(D, Bytes.toBytes("a"), 5, Bytes.toBytes("x")), status(D, 3, State.VERIFIED),
        status(D, 9, State.UNVERIFIED), status(E, 11, State.VERIFIED)));
    assertEquals(new RowStatus(State.UNVERIFIED, 9, 7), ProtocolCells.status(row, D, ProtocolCells.VIEW_STATUS));
    assertSame(State.UNVERIFIED, ProtocolCells.state(row, D, ProtocolCells.VIEW_STATUS));
    assertSame(State.VERIFIED, ProtocolCells.state(row, E, ProtocolCells.VIEW_STATUS));
  }

  @Test
  void aRowWithoutAStatusHasNone() {
    Result row = row(List.of(cell(D, Bytes.toBytes("a"), 5, Bytes.toBytes("x"))));
    assertNull(ProtocolCells.status(row, D, ProtocolCells.VIEW_STATUS));
    assertNull(ProtocolCells.state(row, D, ProtocolCells.MAIN_STATUS));
    assertNull(ProtocolCells.state(Result.EMPTY_RESULT, D, ProtocolCells.VIEW_STATUS));
  }

  /** Rows of 1 to 40 cells, so that both searches are used, against HBase's own lookup. */
  @Test
  void theStatusFoundIsTheOneResultFindsForRandomRows() {
    long seed = System.nanoTime();
    System.out.println("ProtocolCellsTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    byte[][] families = {D, E, Bytes.toBytes("f")};
    for (int n = 0; n < 2000; n++) {
      List<Cell> cells = new ArrayList<>();
      int size = 1 + random.nextInt(40);
      for (int i = 0; i < size; i++) {
        byte[] family = families[random.nextInt(families.length)];
        long timestamp = 1 + random.nextInt(1000);
        int kind = random.nextInt(8);
        if (kind < 2) {
          cells.add(status(family, timestamp, random.nextBoolean() ? State.VERIFIED : State.UNVERIFIED));
        } else if (kind == 2) { // Rowan's other cells, sorted before and after the status
          byte[] qualifier = random.nextBoolean() ? ProtocolCells.OWNER : ProtocolCells.MAIN_STATUS;
          cells.add(cell(family, qualifier, timestamp, new RowStatus(State.LIVE, timestamp, 3).encode()));
        } else {
          // a mapped column's qualifier never starts with the zero byte of Rowan's own cells
          cells.add(cell(family, new byte[] {(byte) (1 + random.nextInt(255)), (byte) random.nextInt(256)}, timestamp,
              new byte[] {1}));
        }
      }
      Result row = row(cells);
      for (byte[] family : families) {
        assertSame(row.getColumnLatestCell(family, ProtocolCells.OWNER), ProtocolCells.cell(row, family, ProtocolCells.OWNER));
        Cell expected = row.getColumnLatestCell(family, ProtocolCells.VIEW_STATUS);
        RowStatus status = ProtocolCells.status(row, family, ProtocolCells.VIEW_STATUS);
        String where = "seed " + seed + ", row " + n + ", family " + Bytes.toString(family);
        if (expected == null) {
          assertNull(status, where);
          assertNull(ProtocolCells.state(row, family, ProtocolCells.VIEW_STATUS), where);
        } else {
          RowStatus want = RowStatus.decode(expected.getValueArray(), expected.getValueOffset(), expected.getValueLength());
          assertEquals(want, status, where);
          assertSame(want.state(), ProtocolCells.state(row, family, ProtocolCells.VIEW_STATUS), where);
        }
      }
    }
  }

  @Test
  void aQualifierHandsOutACopyOfItsBytesSoThatNoCallerCanChangeThem() {
    byte[] given = Qualifier.MAIN_STATUS.bytes();
    assertArrayEquals(ProtocolCells.MAIN_STATUS, given);
    assertNotSame(given, Qualifier.MAIN_STATUS.bytes(), "each call gives a new array");
    given[1] = 'x';
    assertArrayEquals(new byte[] {0, 'v'}, Qualifier.MAIN_STATUS.bytes());
    assertArrayEquals(new byte[] {0, 'v'}, ProtocolCells.MAIN_STATUS);
  }

  @Test
  void everyQualifierIsReservedAndNamesItsOwnCellsOnly() {
    Set<String> seen = new HashSet<>();
    for (Qualifier qualifier : Qualifier.values()) {
      assertTrue(ProtocolCells.isReserved(qualifier.bytes()), qualifier.name());
      assertTrue(seen.add(Bytes.toStringBinary(qualifier.bytes())), qualifier + " has the bytes of another");
      Cell own = cell(D, qualifier.bytes(), 1, new byte[0]);
      for (Qualifier other : Qualifier.values()) {
        assertEquals(other == qualifier, other.matches(own), other + " matching a cell of " + qualifier);
        assertEquals(other == qualifier, other.matches(qualifier.bytes()), other + " matching " + qualifier);
      }
      assertFalse(qualifier.matches(cell(D, Bytes.toBytes("v"), 1, new byte[0])), "a mapped column's cell");
    }
    assertArrayEquals(ProtocolCells.VIEW_STATUS, Qualifier.VIEW_STATUS.bytes());
    assertArrayEquals(ProtocolCells.OWNER, Qualifier.OWNER.bytes());
    assertArrayEquals(ProtocolCells.VIEW_WRITE, Qualifier.VIEW_WRITE.bytes());
    assertArrayEquals(ProtocolCells.COMMIT_SYNC, Qualifier.COMMIT_SYNC.bytes());
  }

  @Test
  void theCellAndStatusOfAQualifierAreThoseOfItsBytes() {
    Result row = row(List.of(status(D, 4, State.VERIFIED), cell(D, ProtocolCells.OWNER, 4, Bytes.toBytes("k"))));
    assertSame(ProtocolCells.cell(row, D, ProtocolCells.OWNER), ProtocolCells.cell(row, D, Qualifier.OWNER));
    assertEquals(new RowStatus(State.VERIFIED, 4, 7), ProtocolCells.status(row, D, Qualifier.VIEW_STATUS));
    assertNull(ProtocolCells.status(row, D, Qualifier.MAIN_STATUS));
    assertNull(ProtocolCells.cell(row, E, Qualifier.OWNER));
  }
}
