package dev.rowan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Where the jobs of load and views run, and which work directories a cluster can read. */
class JobPlacementTest {

  private static final Set<String> THIS_MACHINE = Set.of("client7.example.com", "10.0.0.7");

  @Test
  void runsTheJobOnTheFrameworkTheConfigurationNames() {
    assertFalse(JobPlacement.runsLocally(false, false, "yarn"));
  }

  @Test
  void runsTheJobInThisProcessWithLocalOnTheEmbeddedHBaseOrWhenNoFrameworkIsNamed() {
    assertTrue(JobPlacement.runsLocally(true, false, "yarn"));
    assertTrue(JobPlacement.runsLocally(false, true, "yarn"));
    assertTrue(JobPlacement.runsLocally(false, false, "local"));
    assertTrue(JobPlacement.runsLocally(false, false, null));
    assertTrue(JobPlacement.runsLocally(false, false, " "));
  }

  @Test
  void refusesTheLocalDiskAsWorkDirectoryOfARemoteClusterSayingWhatToPass() {
    Optional<String> problem = JobPlacement.unreachableWorkDir("load", "file:/tmp/hadoop-ann", false, "file:///",
        "zk1.example.com:2181,zk2.example.com:2181", THIS_MACHINE);

    assertEquals(Optional.of("load: the work directory file:/tmp/hadoop-ann is on this machine's local disk"
        + " (the default, under hadoop.tmp.dir on fs.defaultFS file:///), where the region servers of the cluster at"
        + " ZooKeeper zk1.example.com:2181,zk2.example.com:2181 cannot read the HFiles; pass --config with the"
        + " cluster's core-site.xml (whose fs.defaultFS names its file system), or --work-dir on a file system the"
        + " cluster shares, e.g. --work-dir hdfs://namenode:8020/tmp/rowan"), problem);
  }

  @Test
  void refusesALocalWorkDirectoryGivenWithoutSchemeWhenTheDefaultFileSystemIsLocal() {
    Optional<String> problem = JobPlacement.unreachableWorkDir("views rebuild", "/data/work", true, "file:///",
        "zk1.example.com", THIS_MACHINE);

    assertTrue(problem.orElseThrow().startsWith("views rebuild: the work directory /data/work is on this machine's"
        + " local disk, where"), problem.orElseThrow());
  }

  @Test
  void acceptsAWorkDirectoryOnAFileSystemTheClusterShares() {
    assertEquals(Optional.empty(), JobPlacement.unreachableWorkDir("load", "hdfs://nn:8020/tmp/rowan", true,
        "file:///", "zk1.example.com", THIS_MACHINE));
    assertEquals(Optional.empty(), JobPlacement.unreachableWorkDir("load", "/tmp/hadoop-ann", false,
        "hdfs://nn:8020", "zk1.example.com", THIS_MACHINE));
  }

  @Test
  void acceptsTheLocalDiskWhenEveryServerOfTheQuorumIsThisMachine() {
    assertEquals(Optional.empty(), JobPlacement.unreachableWorkDir("load", "file:/tmp/w", false, "file:///",
        "localhost:2181,127.0.0.1:2182", THIS_MACHINE));
    assertEquals(Optional.empty(), JobPlacement.unreachableWorkDir("load", "file:/tmp/w", false, "file:///",
        "CLIENT7.example.com:2181,10.0.0.7", THIS_MACHINE));
    assertTrue(JobPlacement.unreachableWorkDir("load", "file:/tmp/w", false, "file:///",
        "localhost:2181,zk2.example.com:2181", THIS_MACHINE).isPresent());
  }
}
