package org.apache.hadoop.hbase.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.mapreduce.Job;

/**
 * Internal to Rowan, not API: a bridge to
 * {@link MultiTableHFileOutputFormat#configureIncrementalLoad(Job, List)}, whose argument type
 * {@code HFileOutputFormat2.TableInfo} is package-private in HBase 2.6, so that code outside
 * this package cannot build the list it asks for. This class only builds that list.
 *
 * <p>Thread-safety: stateless.
 */
public final class RowanIncrementalLoad {

  private RowanIncrementalLoad() {}

  /**
   * Configures {@code job} to write HFiles for every table of {@code tables}, partitioned by
   * their current region boundaries: the output format, a total order partitioner over all the
   * tables' regions, one reducer per region, and each family's compression, bloom filter, block
   * size and encoding.
   *
   * @param tables each table's descriptor and region locator, in any order
   * @throws IOException when the regions cannot be read or the partitions file written
   */
  public static void configure(Job job, Map<TableDescriptor, RegionLocator> tables) throws IOException {
    List<HFileOutputFormat2.TableInfo> infos = new ArrayList<>(tables.size());
    tables.forEach((descriptor, locator) -> infos.add(new HFileOutputFormat2.TableInfo(descriptor, locator)));
    MultiTableHFileOutputFormat.configureIncrementalLoad(job, infos);
  }
}
