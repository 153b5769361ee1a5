package dev.rowan.it;

import dev.rowan.core.Rowan;
import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;

/**
 * The cells of the protocol as HBase holds them, read past Rowan: a whole row, the status of an
 * entity's main row, and the status of its row in a view.
 */
public final class RawCells {

  private RawCells() {}

  /** Row {@code row} of {@code table}, every family, newest cells only. */
  public static Result row(Connection connection, TableName table, byte[] row) throws IOException {
    try (Table t = connection.getTable(table)) {
      return t.get(new Get(row));
    }
  }

  /** The status cell of {@code entity}'s main row (null when there is none). */
  public static <T> RowStatus mainStatus(Connection connection, Rowan rowan, EntityModel<T> model, T entity)
      throws IOException {
    Result main = row(connection, rowan.tableName(model.tableName()), model.rowKey(entity));
    return ProtocolCells.status(main, MainRow.statusFamily(model), Qualifier.MAIN_STATUS);
  }

  /** The status cell of {@code entity}'s row in {@code view} (null when there is none). */
  public static <T> RowStatus viewStatus(Connection connection, Rowan rowan, EntityModel<T> model, ViewModel view, T entity)
      throws IOException {
    Result row = row(connection, rowan.tableName(view.tableName()), view.rowKey(model.values(entity)));
    return ProtocolCells.status(row, view.statusFamily(), Qualifier.VIEW_STATUS);
  }
}
