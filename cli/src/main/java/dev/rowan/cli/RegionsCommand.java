package dev.rowan.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.util.Bytes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rowan regions <table>}: how a table's rows and bytes spread over its regions. */
@Command(
    name = "regions",
    mixinStandardHelpOptions = true,
    description =
        "Shows the rows and bytes of each region of a table (counted by a scan of each region), its store"
            + " files and requests (from the region servers' metrics), and the share of the busiest region.")
final class RegionsCommand implements Callable<Integer> {

  private static final int KEY_WIDTH = 28;

  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "<table>",
      description =
          "The table, e.g. orders or orders.seller; in --namespace unless"
              + " given as namespace:table.")
  String table;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    try (Session session = Session.open(RowanCli.of(spec))) {
      TableName name =
          table.contains(":") ? TableName.valueOf(table) : session.rowan().tableName(table);
      try (Admin admin = session.rowan().connection().getAdmin()) {
        if (!admin.tableExists(name)) {
          throw new IllegalArgumentException("There is no table " + name);
        }
      }
      List<RegionStats.Region> regions = RegionStats.of(session.rowan().connection(), name);
      long rows = regions.stream().mapToLong(RegionStats.Region::rows).sum();
      long bytes = regions.stream().mapToLong(RegionStats.Region::bytes).sum();
      out.printf("%s: %d region(s), %,d rows, %,d bytes%n", name, regions.size(), rows, bytes);
      out.printf(
          "%3s  %-" + KEY_WIDTH + "s %-" + KEY_WIDTH + "s %12s %7s %14s %6s %11s %11s%n",
          "#",
          "start key",
          "end key",
          "rows",
          "rows %",
          "bytes",
          "MB",
          "writes",
          "reads");
      for (int i = 0; i < regions.size(); i++) {
        RegionStats.Region region = regions.get(i);
        out.printf(
            "%3d  %-"
                + KEY_WIDTH
                + "s %-"
                + KEY_WIDTH
                + "s %,12d %6.1f%% %,14d %6.1f %,11d %,11d%n",
            i + 1,
            key(region.startKey()),
            key(region.endKey()),
            region.rows(),
            rows == 0 ? 0 : 100.0 * region.rows() / rows,
            region.bytes(),
            region.storeFileMegabytes(),
            region.writeRequests(),
            region.readRequests());
      }
      long busiest = regions.stream().mapToLong(RegionStats.Region::rows).max().orElse(0);
      out.printf(
          "busiest region: %.1f%% of the rows (an even spread would be %.1f%%)%n",
          rows == 0 ? 0 : 100.0 * busiest / rows, 100.0 / regions.size());
    }
    return 0;
  }

  private static String key(byte[] key) {
    String text = key.length == 0 ? "-" : Bytes.toStringBinary(key);
    return text.length() <= KEY_WIDTH ? text : text.substring(0, KEY_WIDTH - 3) + "...";
  }
}
