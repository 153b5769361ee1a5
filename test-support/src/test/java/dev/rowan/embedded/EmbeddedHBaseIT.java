package dev.rowan.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedHBaseIT {

  private static final TableName TABLE = TableName.valueOf("survivors");
  private static final byte[] FAMILY = Bytes.toBytes("d");
  private static final byte[] QUALIFIER = Bytes.toBytes("v");
  private static final byte[] ROW = Bytes.toBytes("row-1");

  @TempDir Path dataDirectory;

  @Test
  void keepsRowsAcrossAStopAndARestartOnTheSameDirectory() throws IOException {
    try (EmbeddedHBase hbase = EmbeddedHBase.start(dataDirectory)) {
      try (Admin admin = hbase.connection().getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
      }
      try (Table table = hbase.connection().getTable(TABLE)) {
        table.put(new Put(ROW).addColumn(FAMILY, QUALIFIER, Bytes.toBytes("still here")));
      }
      assertThrows(IllegalStateException.class, () -> EmbeddedHBase.start(dataDirectory),
          "a second HBase on the same directory");
    }

    assertFalse(storeFiles().isEmpty(), "closing flushed no store file of " + TABLE);

    try (EmbeddedHBase hbase = EmbeddedHBase.start(dataDirectory);
        Table table = hbase.connection().getTable(TABLE)) {
      byte[] value = table.get(new Get(ROW)).getValue(FAMILY, QUALIFIER);
      assertEquals("still here", Bytes.toString(value));
    }
  }

  @Test
  void theSnippetsOfTheTestingGuideRun() throws IOException {
    try (EmbeddedHBase hbase = EmbeddedHBase.start(dataDirectory);
         Rowan rowan = Rowan.connect(hbase.connection())) {
      System.out.println("HBase runs in this JVM, its data in " + dataDirectory);
    }
    assertTrue(Files.isDirectory(dataDirectory.resolve("hbase/data/hbase/meta")), "HBase kept its data there");
    try (HBaseEndpoint hbase = HBaseEndpoint.fromEnvironment(dataDirectory);
         Rowan rowan = Rowan.connect(hbase.connection())) {
      System.out.println("Using " + hbase.description());
    }
    assertTrue(Files.isDirectory(dataDirectory.resolve("zookeeper")), "the endpoint started the embedded HBase there");
  }

  /** The HFiles of the table's column family: present only if its memstore was flushed. */
  private List<Path> storeFiles() throws IOException {
    Path tableDir = dataDirectory.resolve("hbase/data/default").resolve(TABLE.getQualifierAsString());
    try (Stream<Path> files = Files.walk(tableDir)) {
      return files.filter(Files::isRegularFile)
          .filter(file -> file.getParent().getFileName().toString().equals("d"))
          .filter(file -> !file.getFileName().toString().startsWith("."))
          .collect(Collectors.toList());
    }
  }
}
