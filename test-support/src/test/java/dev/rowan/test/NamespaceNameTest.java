package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class NamespaceNameTest {

  @Test
  void replacesCharactersThatHBaseRejectsInNamespaces() {
    String name = SharedCluster.namespaceName(7, "Outer$Inner_finds[1] by-seller");

    assertEquals("t7_Outer_Inner_finds_1__by_seller", name);
    TableName.isLegalNamespaceName(Bytes.toBytes(name)); // throws when illegal
  }

  @Test
  void capsLongNamesAndKeepsTheCounterThatMakesThemUnique() {
    String name = SharedCluster.namespaceName(12345, "x".repeat(200));

    assertEquals(64, name.length());
    assertTrue(name.startsWith("t12345_x"), name);
  }
}
