package dev.rowan.mapping;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.jspecify.annotations.Nullable;

/**
 * What saving one entity writes to its row: a put of every non-null column and, when some columns
 * are null, a delete of those columns so that a stale cell cannot survive an update.
 *
 * @param row the row key
 * @param put the cells of the non-null columns
 * @param delete the null columns to delete, or {@code null} when every column has a value
 * @since 0.1
 */
public record RowWrite(byte[] row, Put put, @Nullable Delete delete) {

  /** The mutations, the put first; submit them together with {@link #asRowMutations()}. */
  public List<Mutation> mutations() {
    return delete == null ? List.of(put) : List.of(put, delete);
  }

  /** Both mutations as one atomic {@link RowMutations}. */
  public RowMutations asRowMutations() {
    RowMutations mutations = new RowMutations(row, 2);
    try {
      mutations.add(mutations());
    } catch (IOException e) {
      throw new IllegalStateException("the put and delete of one row disagree on the row", e);
    }
    return mutations;
  }
}
