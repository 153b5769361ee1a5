package dev.rowan.index;

import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The protocol cell of a row: on a main row, which write made it ({@link State#LIVE}) or deleted it
 * ({@link State#DELETED}); on a view row, whether it is {@link State#VERIFIED} or still {@link
 * State#UNVERIFIED}, and which write of the main row it belongs to.
 *
 * <p>A write is named by its timestamp, which is strictly greater than the timestamp of the
 * previous write of the same main row, and a random nonce, which tells apart two writers that raced
 * from the same previous state. Encoded as {@code [state][timestamp: 8][nonce: 8]}; a view row's
 * status cell appends the names of its null carried columns (see {@link ViewModel#statusValue}).
 *
 * @param state the state of the row
 * @param timestamp the cell timestamp of the write, also its version
 * @param nonce a random number chosen by the writer
 * @since 0.1
 */
public record RowStatus(State state, long timestamp, long nonce) {

  /** The encoded length. */
  public static final int LENGTH = 17;

  /** The state a status cell records. */
  public enum State {
    /** A main row that is deleted; only its status remains, so that versions keep rising. */
    DELETED(0),
    /** A main row that holds an entity. */
    LIVE(1),
    /**
     * A view row settled by a write that has committed its main row, or repaired from it: it stands
     * for its entity alone (docs/view-consistency.md, "The settle window").
     */
    VERIFIED(5),
    /** A view row whose write may not have committed: check it against the main row. */
    UNVERIFIED(3),
    /**
     * A view row that its entity left: the state of a row whose retired cell is newer than its
     * status, never stored in a status cell ({@link RetiredRows}). Check it against the main row,
     * and leave it to expire.
     */
    RETIRED(4),
    /**
     * A view row that a version before 0.3 settled, which then counted only beside a write mark
     * naming the same write: read as {@link #UNVERIFIED}, checked against its main row, and
     * repaired (which writes it {@link #VERIFIED}).
     */
    VERIFIED_UNDER_MARK(2);

    private final int code;

    State(int code) {
      this.code = code;
    }

    private static final State[] ALL = values();

    static State of(int code) {
      for (State state : ALL) {
        if (state.code == code) {
          return state;
        }
      }
      throw new IllegalArgumentException("unknown row state " + code);
    }
  }

  /** The cell value. */
  public byte[] encode() {
    byte[] bytes = new byte[LENGTH];
    bytes[0] = (byte) state.code;
    Bytes.putLong(bytes, 1, timestamp);
    Bytes.putLong(bytes, 9, nonce);
    return bytes;
  }

  /**
   * Reads a status cell value.
   *
   * @throws IllegalArgumentException when the bytes are not a status
   */
  public static RowStatus decode(byte[] bytes, int offset, int length) {
    return new RowStatus(
        stateOf(bytes, offset, length),
        Bytes.toLong(bytes, offset + 1),
        Bytes.toLong(bytes, offset + 9));
  }

  /** The state of the status encoded at {@code offset}: what {@link #decode} reads first. */
  static State stateOf(byte[] bytes, int offset, int length) {
    if (length < LENGTH) {
      throw new IllegalArgumentException(
          "a row status is "
              + LENGTH
              + " bytes, not "
              + length
              + ": "
              + Bytes.toStringBinary(Arrays.copyOfRange(bytes, offset, offset + length)));
    }
    return State.of(bytes[offset]);
  }

  /** The same write in another state. */
  public RowStatus with(State newState) {
    return new RowStatus(newState, timestamp, nonce);
  }
}
