package dev.rowan.test;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;

/**
 * The settings that start an in-process HBase fast: on the local file system (no mini HDFS),
 * without web UIs, with small handler pools. {@link HBaseTest} uses them for its shared cluster; a
 * test that needs a cluster of its own (several region servers, say, to abort one) starts an {@code
 * HBaseTestingUtility} with them.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class LocalClusterSettings {

  private LocalClusterSettings() {}

  /** A new configuration with the fast local settings, for a cluster of {@code regionServers}. */
  public static Configuration create(int regionServers) {
    Configuration conf = HBaseConfiguration.create();
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false); // local FS has no hflush
    conf.set(
        "hbase.wal.provider",
        "asyncfs"); // HBase's default: writes group their commits, as on a cluster
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    conf.setInt(HConstants.REGION_SERVER_HANDLER_COUNT, 10);
    conf.setInt(HConstants.MASTER_HANDLER_COUNT, 5);
    conf.setInt("hbase.regionserver.metahandler.count", 5);
    conf.setInt("hbase.master.wait.on.regionservers.mintostart", regionServers);
    conf.setInt("hbase.master.wait.on.regionservers.maxtostart", regionServers);
    conf.setInt("hbase.regionserver.msginterval", 250); // region server retries to report sooner
    // A client polls a table's creation, disabling and deletion every pause (100 ms by default: a
    // table takes
    // 0.6 s to create, 0.45 s at 20 ms), and tests make and drop thousands; more retries keep the
    // same patience.
    conf.setInt("hbase.client.pause", 20);
    conf.setInt("hbase.client.retries.number", 35);
    // The master holds each region open and close for 150 ms before it sends it to the region
    // server, to batch those of many regions into one call: on one machine, that is a wait in
    // every table creation, disabling and deletion.
    conf.setInt("hbase.procedure.remote.dispatcher.delay.msec", 0);
    return conf;
  }
}
