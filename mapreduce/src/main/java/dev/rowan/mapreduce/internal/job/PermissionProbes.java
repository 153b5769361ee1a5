package dev.rowan.mapreduce.internal.job;

import dev.rowan.core.DataAccessException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Internal, not API: asks HBase, before a job starts, for the permissions its tasks and its load
 * will need, so that a principal without them is refused at once with a {@link
 * dev.rowan.core.PermissionDeniedException} naming the table and the permission, instead of by
 * failed tasks deep in the job; nothing is written by asking.
 *
 * <ul>
 *   <li>WRITE (and READ), for repairs: a check-and-mutate whose condition never holds (a cell of a
 *       row no entity has, equal to a value never written), which HBase's AccessController checks
 *       for READ and WRITE on the family before it evaluates the condition;
 *   <li>CREATE, for loading HFiles: the table's descriptor, which HBase gives only for CREATE or
 *       ADMIN, as it loads HFiles only for them.
 * </ul>
 *
 * <p>Thread-safety: stateless.
 */
public final class PermissionProbes {

  private static final byte[] ROW = Bytes.toBytes("\u0000rowan permission probe");
  private static final byte[] QUALIFIER = Bytes.toBytes("\u0000probe");
  private static final byte[] NEVER = Bytes.toBytes("rowan permission probe: never stored");

  private PermissionProbes() {}

  /**
   * Refuses, as HBase would refuse the tasks' writes, unless the principal may READ and WRITE
   * family {@code family} of every table of {@code tables}.
   */
  public static void requireWrite(
      Connection connection, String job, List<TableName> tables, byte[] family) {
    for (TableName name : tables) {
      CheckAndMutate never =
          CheckAndMutate.newBuilder(ROW)
              .ifEquals(family, QUALIFIER, NEVER)
              .build(new Put(ROW).addColumn(family, QUALIFIER, NEVER));
      try (Table table = connection.getTable(name)) {
        table.checkAndMutate(never);
      } catch (IOException e) {
        throw DataAccessException.of(job + " (it repairs rows of)", name.getNameAsString(), e);
      }
    }
  }

  /**
   * Refuses unless the principal may load HFiles into every table of {@code tables} (CREATE or
   * ADMIN on it).
   */
  public static void requireLoad(Connection connection, String job, List<TableName> tables) {
    for (TableName name : tables) {
      try (Admin admin = connection.getAdmin()) {
        admin.getDescriptor(name);
      } catch (IOException e) {
        throw DataAccessException.of(job + " (it loads HFiles into)", name.getNameAsString(), e);
      }
    }
  }
}
