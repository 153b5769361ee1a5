package dev.rowan.core.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

class ViewStatesTest {

  private static final TableDescriptor TABLE = TableDescriptorBuilder.newBuilder(TableName.valueOf("orders")).build();

  @Test
  void aMainTableMadeBeforeTheListNamesNoViewsAndOneWithItNamesThemIgnoringCase() {
    assertEquals(Optional.empty(), ViewStates.views(TABLE));
    TableDescriptor named = ViewStates.withViews(TABLE, Set.of("seller", "buyer"));
    assertEquals("buyer,seller", named.getValue(ViewStates.VIEWS));
    assertTrue(ViewStates.views(named).orElseThrow().contains("Buyer"));
    assertEquals(Optional.of(Set.of()), ViewStates.views(ViewStates.withViews(TABLE, Set.of())), "a table without views");
  }

  @Test
  void aViewIsBuildingSinceItWasAddedThenActiveOrDropping() {
    TableDescriptor building = ViewStates.building(TABLE, 1234L);
    assertTrue(ViewStates.isBuilding(building));
    assertEquals(1234L, ViewStates.since(building));
    TableDescriptor active = ViewStates.active(building);
    assertFalse(ViewStates.isBuilding(active));
    assertEquals(0L, ViewStates.since(active));
    TableDescriptor dropping = ViewStates.dropping(active);
    assertTrue(ViewStates.isDropping(dropping));
    assertFalse(ViewStates.isBuilding(dropping));
  }
}
