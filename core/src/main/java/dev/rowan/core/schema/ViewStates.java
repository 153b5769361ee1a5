package dev.rowan.core.schema;

import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * The state of a view, recorded on its table's descriptor as table value {@code rowan.view.state}:
 * {@code BUILDING} from the moment {@code schema().create} adds the view to a main table that
 * already exists (its rows have no view rows yet) until {@code RebuildViews} has filled it;
 * active otherwise (no value: also every view table made before states existed). Writers
 * maintain a building view as any other; queries do not read it (docs/view-consistency.md,
 * "Views added to a table that holds data").
 *
 * <p>Thread-safety: stateless.
 */
public final class ViewStates {

  /** The table value that records the state. */
  public static final String KEY = "rowan.view.state";
  /** The value of a view that is being built. */
  public static final String BUILDING = "BUILDING";

  private ViewStates() {}

  /** Whether the view table {@code descriptor} describes is being built. */
  public static boolean isBuilding(TableDescriptor descriptor) {
    return BUILDING.equals(descriptor.getValue(KEY));
  }

  /** {@code descriptor} recording the state building. */
  static TableDescriptor building(TableDescriptor descriptor) {
    return TableDescriptorBuilder.newBuilder(descriptor).setValue(KEY, BUILDING).build();
  }

  /** {@code descriptor} without a recorded state: active. */
  static TableDescriptor active(TableDescriptor descriptor) {
    return TableDescriptorBuilder.newBuilder(descriptor).removeValue(KEY).build();
  }
}
