package dev.rowan.index;

import java.util.Arrays;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The cells Rowan adds to rows of entities with views: the status cell of main rows and of view
 * rows, and the owner cell of unique view rows. They live in the entity's first family under
 * qualifiers that start with a zero byte, which no mapped column may use; {@link Qualifier} names
 * them.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ProtocolCells {

  // The qualifiers themselves, shared by this package's per-cell code; other packages get them
  // through Qualifier, which never hands out these arrays.
  /** The qualifier of the status cell of main rows. */
  static final byte[] MAIN_STATUS = {0, 'v'};

  /** The qualifier of the status cell of view rows. */
  static final byte[] VIEW_STATUS = {0, 's'};

  /** The qualifier of the main row key carried by a unique view row. */
  static final byte[] OWNER = {0, 'k'};

  /**
   * The qualifier of the write mark that versions before 0.3 wrote on view rows, beside a status
   * they then trusted only where the mark named the same write: read by none now, since such a
   * status ({@link RowStatus.State#VERIFIED_UNDER_MARK}) is checked against its main row anyway.
   */
  static final byte[] VIEW_WRITE = {0, 'w'};

  /**
   * The qualifier of the retired cell of view rows: a row its entity left holds this cell, with a
   * time to live, in place of its other cells ({@link RetiredRows}).
   */
  static final byte[] VIEW_RETIRED = {0, 'r'};

  /**
   * The qualifier of the commit sync mark of main rows: an empty cell a group commit writes with a
   * synced WAL, whose only purpose is that sync ({@link CommitSync}).
   */
  static final byte[] COMMIT_SYNC = {0, 'y'};

  /**
   * The qualifier of each protocol cell. Its bytes are Rowan's, so they are handed out as a copy
   * ({@link #bytes}); {@link #matches(Cell)} and {@link ProtocolCells#cell(Result, byte[],
   * Qualifier)} compare without one. Code that needs the bytes often takes one copy and keeps it.
   *
   * <p>Thread-safety: immutable.
   */
  public enum Qualifier {
    /** The status cell of main rows. */
    MAIN_STATUS(ProtocolCells.MAIN_STATUS),
    /** The status cell of view rows. */
    VIEW_STATUS(ProtocolCells.VIEW_STATUS),
    /** The main row key carried by a unique view row. */
    OWNER(ProtocolCells.OWNER),
    /**
     * The write mark that versions before 0.3 wrote on view rows, which no reader reads now (a row
     * may keep it until it is retired).
     */
    VIEW_WRITE(ProtocolCells.VIEW_WRITE),
    /**
     * The retired cell of view rows: the row's entity left it, and readers check it against the
     * main row until it expires ({@link RetiredRows}).
     */
    VIEW_RETIRED(ProtocolCells.VIEW_RETIRED),
    /** The commit sync mark of main rows: an empty cell written only for its synced WAL. */
    COMMIT_SYNC(ProtocolCells.COMMIT_SYNC);

    private final byte[] bytes;

    Qualifier(byte[] bytes) {
      this.bytes = bytes;
    }

    /** The qualifier's bytes, a new copy on each call. */
    public byte[] bytes() {
      return bytes.clone();
    }

    /** Whether {@code cell} is in this qualifier (of any family). */
    public boolean matches(Cell cell) {
      return CellUtil.matchingQualifier(cell, bytes);
    }

    /** Whether {@code qualifier} is this one. */
    public boolean matches(byte[] qualifier) {
      return Arrays.equals(bytes, qualifier);
    }
  }

  private ProtocolCells() {}

  /** Rows up to this many cells are searched for a protocol cell one cell after the other. */
  private static final int LINEAR_SEARCH_CELLS = 16;

  /** The status in {@code qualifier} of {@code family} in {@code result}, or {@code null}. */
  public static @Nullable RowStatus status(Result result, byte[] family, Qualifier qualifier) {
    return status(result, family, qualifier.bytes);
  }

  /** The status in {@code qualifier} of {@code family} in {@code result}, or {@code null}. */
  static @Nullable RowStatus status(Result result, byte[] family, byte[] qualifier) {
    Cell cell = cell(result, family, qualifier);
    return cell == null
        ? null
        : RowStatus.decode(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
  }

  /**
   * The status in {@code cell}, or {@code null} when its value is damaged (a row written by hand,
   * which readers only check against the main row and the verify job reports).
   */
  public static @Nullable RowStatus readableStatus(Cell cell) {
    try {
      return RowStatus.decode(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * The state of the status in {@code qualifier} of {@code family} in {@code result}, or {@code
   * null}: what {@link #status} says of it, without decoding the rest.
   */
  static RowStatus.@Nullable State state(Result result, byte[] family, byte[] qualifier) {
    Cell cell = cell(result, family, qualifier);
    return cell == null
        ? null
        : RowStatus.stateOf(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
  }

  /**
   * The newest cell of {@code family:qualifier} in {@code result}, or {@code null}: what {@link
   * Result#getColumnLatestCell} returns. Protocol cells sort before every mapped column of their
   * family, so a row of a few cells (a view row, a tall main row) is searched from its first cell,
   * which is cheaper than that binary search with its search key; larger rows use it.
   */
  public static @Nullable Cell cell(Result result, byte[] family, Qualifier qualifier) {
    return cell(result, family, qualifier.bytes);
  }

  /** The newest cell of {@code family:qualifier} in {@code result}, or {@code null}. */
  static @Nullable Cell cell(Result result, byte[] family, byte[] qualifier) {
    Cell[] cells = result.rawCells();
    if (cells == null || cells.length > LINEAR_SEARCH_CELLS) {
      return result.getColumnLatestCell(family, qualifier);
    }
    for (Cell cell : cells) { // sorted by family, then qualifier, then newest first
      if (CellUtil.matchingFamily(cell, family) && CellUtil.matchingQualifier(cell, qualifier)) {
        return cell;
      }
    }
    return null;
  }

  /**
   * The condition of every write of a main row under the protocol: its status cell still holds
   * {@code read} (the status the writer read), or is still absent when {@code read} is null.
   */
  static CheckAndMutate.Builder ifMainStatus(byte[] row, byte[] family, @Nullable RowStatus read) {
    CheckAndMutate.Builder condition = CheckAndMutate.newBuilder(row);
    return read == null
        ? condition.ifNotExists(family, MAIN_STATUS)
        : condition.ifEquals(family, MAIN_STATUS, read.encode());
  }

  /** The owner main row key carried by a unique view row, or {@code null}. */
  public static byte @Nullable [] owner(Result result, byte[] family) {
    Cell cell = cell(result, family, OWNER);
    return cell == null ? null : CellUtil.cloneValue(cell);
  }

  /** Whether {@code qualifier} is reserved for protocol cells. */
  public static boolean isReserved(byte[] qualifier) {
    return qualifier.length > 0 && qualifier[0] == 0;
  }

  /** A readable form of a qualifier, for messages. */
  static String show(byte[] qualifier) {
    return Bytes.toStringBinary(qualifier);
  }
}
