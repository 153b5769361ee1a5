package dev.rowan.test;

import java.util.Objects;
import org.apache.hadoop.hbase.TableName;

/**
 * The HBase namespace that one test owns: created fresh for it, so that the tables it creates are
 * invisible to every other test.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class TestNamespace {

  private final String name;

  TestNamespace(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  /** The namespace's name, for example {@code t7_OrderRepositoryIT_findsBySeller}. */
  public String name() {
    return name;
  }

  /** The table called {@code simpleName} in this namespace. */
  public TableName tableName(String simpleName) {
    return TableName.valueOf(name, simpleName);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TestNamespace that && name.equals(that.name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return name;
  }
}
