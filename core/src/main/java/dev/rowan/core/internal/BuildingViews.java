package dev.rowan.core.internal;

import dev.rowan.core.schema.ViewStates;
import dev.rowan.index.ViewModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * The views of one entity that are still building ({@link ViewStates}), which queries do not read:
 * read from the view tables' descriptors when the store is built, and read again, at most every
 * {@link #REFRESH_MILLIS}, while any view is building, so that a view {@code RebuildViews} has
 * made active is read from then on. A view that is active stays active.
 *
 * <p>Thread-safety: thread-safe.
 */
final class BuildingViews {

  /** How long a read of the states is trusted while a view is building. */
  static final long REFRESH_MILLIS = 10_000;

  private final Connection connection;
  private final Map<String, TableName> tables = new LinkedHashMap<>();
  private volatile Set<String> building;
  private volatile long readAt;

  BuildingViews(Connection connection, Map<ViewModel, TableName> viewTables) {
    this.connection = connection;
    viewTables.forEach((view, table) -> tables.put(view.name(), table));
    this.building = read(tables.keySet());
    this.readAt = System.currentTimeMillis();
  }

  /** The names of the views still building, as last read. */
  Set<String> current() {
    if (!building.isEmpty() && System.currentTimeMillis() - readAt > REFRESH_MILLIS) {
      refresh();
    }
    return building;
  }

  /** {@code views} without those still building. */
  List<ViewModel> readable(List<ViewModel> views) {
    Set<String> now = current();
    if (now.isEmpty()) {
      return views;
    }
    List<ViewModel> readable = new ArrayList<>();
    for (ViewModel view : views) {
      if (!now.contains(view.name())) {
        readable.add(view);
      }
    }
    return readable;
  }

  private synchronized void refresh() {
    if (System.currentTimeMillis() - readAt > REFRESH_MILLIS) {
      building = read(building);
      readAt = System.currentTimeMillis();
    }
  }

  private Set<String> read(Set<String> views) {
    if (views.isEmpty()) {
      return Set.of();
    }
    return HBaseCalls.call("read the states of views", tables.values().iterator().next(), () -> {
      Set<String> found = new TreeSet<>();
      try (org.apache.hadoop.hbase.client.Admin admin = connection.getAdmin()) {
        for (String view : views) {
          try {
            TableDescriptor descriptor = admin.getDescriptor(tables.get(view));
            if (ViewStates.isBuilding(descriptor)) {
              found.add(view);
            }
          } catch (TableNotFoundException missing) {
            // not created yet: no state to read, and nothing to query
          }
        }
      }
      return Set.copyOf(found);
    });
  }
}
