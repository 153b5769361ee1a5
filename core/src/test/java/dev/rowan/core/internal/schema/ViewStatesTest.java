package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class ViewStatesTest {

  private static final TableRecord TABLE = TableRecord.empty(TableName.valueOf("orders"));

  @Test
  void aMainTableMadeBeforeTheListNamesNoViewsAndOneWithItNamesThemIgnoringCase() {
    assertEquals(Optional.empty(), ViewStates.views(TABLE));
    TableRecord named = ViewStates.withViews(TABLE, Set.of("seller", "buyer"));
    assertEquals("buyer,seller", named.value(ViewStates.VIEWS));
    assertTrue(ViewStates.views(named).orElseThrow().contains("Buyer"));
    assertEquals(Optional.of(Set.of()), ViewStates.views(ViewStates.withViews(TABLE, Set.of())), "a table without views");
  }

  @Test
  void aViewIsBuildingSinceItWasAddedThenActiveOrDropping() {
    TableRecord building = ViewStates.building(TABLE, 1234L);
    assertTrue(ViewStates.isBuilding(building));
    assertEquals(1234L, ViewStates.since(building));
    TableRecord active = ViewStates.active(building);
    assertFalse(ViewStates.isBuilding(active));
    assertEquals(0L, ViewStates.since(active));
    TableRecord dropping = ViewStates.dropping(active);
    assertTrue(ViewStates.isDropping(dropping));
    assertFalse(ViewStates.isBuilding(dropping));
  }
}
