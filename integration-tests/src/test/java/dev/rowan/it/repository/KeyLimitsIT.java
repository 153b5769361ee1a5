package dev.rowan.it.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.Test;

/**
 * Row keys are refused before anything is sent when HBase could not locate them: HBase finds a
 * row through a row of hbase:meta made of the table's full name, the key and 16 more bytes, in
 * at most 32,767 bytes. The longest key a table's name allows is saved and read back; one byte
 * more is refused at once, for the main table and for a view (whose name is longer). And a call
 * that is refused writes nothing, whatever part of it is at fault.
 */
@HBaseTest
class KeyLimitsIT {

  @Table(name = "longkeys")
  @Index(name = "tag", key = {"tag"})
  record LongKey(@RowKey String id, @Column(name = "t") String tag) {}

  interface LongKeys extends HBaseRepository<LongKey> {
    List<LongKey> findByTag(String tag);
  }

  /** What HBase's client adds to a row key to look it up in hbase:meta: ',' + key + ',' + 14 nines. */
  private static int longestKey(TableName table) {
    return Short.MAX_VALUE - table.getName().length - 16;
  }

  /** A string key part of {@code bytes} encoded bytes: ASCII characters and a 2-byte terminator. */
  private static String textOfKeyBytes(int bytes) {
    return "k".repeat(bytes - 2);
  }

  /**
   * Runs {@code action} with the repository of a Rowan over a new connection, which has no
   * region locations cached: each of its calls locates its row through hbase:meta, where the
   * limit bites.
   */
  private static <R> R uncached(Configuration conf, TestNamespace namespace, java.util.function.Function<LongKeys, R>
      action) throws Exception {
    try (Connection fresh = ConnectionFactory.createConnection(conf)) {
      return action.apply(Rowan.builder(fresh).namespace(namespace.name()).build().repository(LongKeys.class));
    }
  }

  private static int rows(Rowan rowan, String table) throws Exception {
    int rows = 0;
    try (org.apache.hadoop.hbase.client.Table t = rowan.connection().getTable(rowan.tableName(table));
        ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        rows++;
      }
    }
    return rows;
  }

  @Test
  void theLongestRowKeyTheTableNameAllowsIsSavedAndReadBackAndOneByteMoreIsRefused(Rowan rowan,
      TestNamespace namespace, Configuration conf) throws Exception {
    rowan.schema().create(LongKey.class);
    LongKeys keys = rowan.repository(LongKeys.class);
    TableName table = rowan.tableName("longkeys");
    int limit = longestKey(table);
    LongKey longest = new LongKey(textOfKeyBytes(limit), null);

    uncached(conf, namespace, repository -> repository.save(longest));

    assertEquals(Optional.of(longest), uncached(conf, namespace, repository -> repository.findByKey(longest.id())));
    LongKey tooLong = new LongKey(longest.id() + "k", null);
    InvalidValueException refused = assertThrows(InvalidValueException.class, () -> keys.save(tooLong));
    assertEquals("LongKey row key (LongKey.id): the key is " + (limit + 1) + " bytes long, over the limit of " + limit
        + " bytes for table " + table.getNameAsString() + " (HBase locates a row through a row of hbase:meta that"
        + " holds the table name, the key and 16 more bytes, in at most 32767 bytes)", refused.getMessage());
    assertEquals(Optional.empty(), keys.findByKey(tooLong.id()), "a key too long to store is not found");
    assertEquals(1, rows(rowan, "longkeys"));
  }

  @Test
  void theLongestViewKeyTheViewTableNameAllowsIsSavedAndFoundAndOneByteMoreIsRefused(Rowan rowan,
      TestNamespace namespace, Configuration conf) throws Exception {
    rowan.schema().create(LongKey.class);
    LongKeys keys = rowan.repository(LongKeys.class);
    TableName view = rowan.tableName("longkeys.tag");
    int limit = longestKey(view);
    // the view key is the tag, then the id: 3 bytes for "a"
    LongKey longest = new LongKey("a", textOfKeyBytes(limit - 3));

    uncached(conf, namespace, repository -> repository.save(longest));

    assertEquals(List.of(longest), uncached(conf, namespace, repository -> repository.findByTag(longest.tag())));
    InvalidValueException refused = assertThrows(InvalidValueException.class,
        () -> keys.save(new LongKey("b", longest.tag() + "k")));
    assertTrue(refused.getMessage().startsWith("LongKey view 'tag' key (LongKey.tag, LongKey.id): the key is "
        + (limit + 1) + " bytes long, over the limit of " + limit + " bytes for table " + view.getNameAsString()),
        refused.getMessage());
    assertEquals(1, rows(rowan, "longkeys"));
    assertEquals(1, rows(rowan, "longkeys.tag"));
  }

  @Test
  void saveAllOfAThousandValidOrdersAndOneWhoseViewKeyIsTooLongWritesNothing(Rowan rowan) throws Exception {
    rowan.schema().create(Probe.class);
    ProbeQueries probes = rowan.repository(ProbeQueries.class);
    List<Probe> call = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      call.add(new Probe("valid-" + i, i, "tag-" + i, 1.0, null));
    }
    call.add(new Probe("bad", 1, "t".repeat(40_000), null, null));

    InvalidValueException refused = assertThrows(InvalidValueException.class, () -> probes.saveAll(call));

    assertTrue(refused.getMessage().startsWith("Probe view 'tag' key"), refused.getMessage());
    assertEquals(0, rows(rowan, "probes"), "nothing written to the table");
    assertEquals(0, rows(rowan, "probes.tag"), "nothing written to the view");
  }

  @Test
  void saveAllOfAThousandValidOrdersAndOneWhoseViewCellIsTooLargeWritesNothing(Rowan rowan) throws Exception {
    rowan.schema().create(Probe.class);
    ProbeQueries probes = rowan.repository(ProbeQueries.class);
    long maxCell = rowan.connection().getConfiguration().getLong("hbase.client.keyvalue.maxsize", 10_485_760L);
    List<Probe> call = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      call.add(new Probe("valid-" + i, i, "tag-" + i, 1.0, null));
    }
    // fits in the main row (short key), not in the view row, whose key holds a 20,000-byte tag
    call.add(new Probe("v", 1, "x".repeat(20_000), null, new byte[(int) maxCell - 60]));

    InvalidValueException refused = assertThrows(InvalidValueException.class, () -> probes.saveAll(call));

    assertTrue(refused.getMessage().startsWith("Probe.blob: its cell in view 'tag' is"), refused.getMessage());
    assertEquals(0, rows(rowan, "probes"), "nothing written to the table");
    assertEquals(0, rows(rowan, "probes.tag"), "nothing written to the view");
  }
}
