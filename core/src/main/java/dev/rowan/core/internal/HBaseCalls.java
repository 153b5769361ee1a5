package dev.rowan.core.internal;

import dev.rowan.core.DataAccessException;
import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;

/** The one place where HBase's checked exceptions become Rowan's {@link DataAccessException}. */
final class HBaseCalls {

  private HBaseCalls() {}

  /** A call against one table. */
  @FunctionalInterface
  interface TableCall<R> {
    R call(Table table) throws IOException, InterruptedException;
  }

  /** A call against the region locator of one table. */
  @FunctionalInterface
  interface LocatorCall<R> {
    R call(RegionLocator locator) throws IOException;
  }

  static <R> R locate(Connection connection, TableName name, String operation, LocatorCall<R> call) {
    try (RegionLocator locator = connection.getRegionLocator(name)) {
      return call.call(locator);
    } catch (InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of(operation, name.getNameAsString(), e);
    } catch (IOException e) {
      throw DataAccessException.of(operation, name.getNameAsString(), e);
    }
  }

  static <R> R on(Connection connection, TableName name, String operation, TableCall<R> call) {
    try (Table table = connection.getTable(name)) {
      return call.call(table);
    } catch (InterruptedException | InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of(operation, name.getNameAsString(), e);
    } catch (IOException e) {
      throw DataAccessException.of(operation, name.getNameAsString(), e);
    }
  }
}
