package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommitSyncTest {

  private static final RegionInfo REGION = RegionInfoBuilder.newBuilder(TableName.valueOf("orders"))
      .setStartKey(Bytes.toBytes("a")).setEndKey(Bytes.toBytes("m")).setRegionId(1).build();
  private static final RegionInfo DAUGHTER = RegionInfoBuilder.newBuilder(TableName.valueOf("orders"))
      .setStartKey(Bytes.toBytes("a")).setEndKey(Bytes.toBytes("f")).setRegionId(2).build();
  private static final ServerName SERVER = ServerName.valueOf("rs1", 16020, 100);

  @Test
  void commitsAreDurableByTheMarkOnlyWhereTheRegionStayedInTheSameOpening() {
    HRegionLocation sent = new HRegionLocation(REGION, SERVER, 7);
    assertTrue(CommitSync.sameOpening(sent, new HRegionLocation(REGION, SERVER, 7)));
    assertFalse(CommitSync.sameOpening(sent, new HRegionLocation(REGION, ServerName.valueOf("rs2", 16020, 100), 9)),
        "moved to another server: if the first one died, the commits died with it");
    assertFalse(CommitSync.sameOpening(sent, new HRegionLocation(REGION, ServerName.valueOf("rs1", 16020, 200), 9)),
        "the same host restarted: a new start code");
    assertFalse(CommitSync.sameOpening(sent, new HRegionLocation(REGION, SERVER, 12)), "reopened on the same server");
    assertFalse(CommitSync.sameOpening(sent, new HRegionLocation(DAUGHTER, SERVER, 12)), "split");
    assertFalse(CommitSync.sameOpening(null, sent), "not located");
  }

  @Test
  void onlyCommitsThatShareTheirRegionWithAnotherCommitOfTheBatchAreGrouped() {
    HRegionLocation first = new HRegionLocation(REGION, SERVER, 7);
    HRegionLocation second = new HRegionLocation(DAUGHTER, SERVER, 12);
    assertArrayEquals(new boolean[] {true, false, true}, CommitSync.grouped(List.of(first, second, first)),
        "a lone commit is synced by itself: one call instead of a commit and a sync mark");
    assertArrayEquals(new boolean[] {false}, CommitSync.grouped(List.of(first)));
  }

  @ParameterizedTest(name = "hbase.wal.provider={0}, delegate={1}: grouped {2}")
  @CsvSource(nullValues = "none", value = {
      "none,       none,       true",
      "asyncfs,    none,       true",
      "multiwal,   none,       true",
      "multiwal,   asyncfs,    true",
      "filesystem, none,       false",
      "multiwal,   filesystem, false",
      "org.apache.hadoop.hbase.wal.FSHLogProvider, none, false",
  })
  void commitsAreGroupedOnlyWhereALaterSyncMakesEveryEarlierEditDurable(String provider, String delegate,
      boolean grouped) {
    Configuration configuration = new Configuration(false);
    if (provider != null) {
      configuration.set(CommitSync.WAL_PROVIDER, provider);
    }
    if (delegate != null) {
      configuration.set(CommitSync.DELEGATE_PROVIDER, delegate);
    }
    assertEquals(grouped, CommitSync.supportedBy(configuration));
  }

  @Test
  void aConfirmationWritesTheSyncMarkWithASyncedWalOnlyWhileTheStatusIsTheOneRead() {
    byte[] family = Bytes.toBytes("d");
    byte[] row = Bytes.toBytes("o-1");
    RowStatus read = new RowStatus(State.LIVE, 1000, 42);
    CheckAndMutate confirm = CommitSync.confirm(row, family, read);
    assertArrayEquals(ProtocolCells.MAIN_STATUS, confirm.getQualifier());
    assertEquals(CompareOperator.EQUAL, confirm.getCompareOp());
    assertArrayEquals(read.encode(), confirm.getValue());
    Put mark = (Put) confirm.getAction();
    assertEquals(Durability.SYNC_WAL, mark.getDurability());
    assertEquals(1000, mark.get(family, ProtocolCells.COMMIT_SYNC).get(0).getTimestamp());
  }
}
