package dev.rowan.test;

import dev.rowan.core.Rowan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.apache.hadoop.hbase.client.Admin;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What one test (or one test class, for class-level parameters) owns on the shared cluster: its
 * namespace, the Rowan over it and an admin, created when first asked for.
 */
final class TestScope implements ExtensionContext.Store.CloseableResource {

  private final SharedCluster cluster;
  private final TestNamespace namespace;
  private @Nullable Rowan rowan;
  private @Nullable Admin admin;

  TestScope(SharedCluster cluster, String owner) {
    this.cluster = cluster;
    this.namespace = cluster.createNamespace(owner);
  }

  TestNamespace namespace() {
    return namespace;
  }

  synchronized Rowan rowan() {
    if (rowan == null) {
      // states of views read again every second: builds and drops of views wait three seconds, not
      // twenty-one
      rowan =
          Rowan.builder(cluster.connection())
              .namespace(namespace.name())
              .viewRefresh(Duration.ofSeconds(1))
              .build();
    }
    return rowan;
  }

  synchronized Admin admin() {
    if (admin == null) {
      try {
        admin = cluster.connection().getAdmin();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot open an Admin on the test HBase", e);
      }
    }
    return admin;
  }

  @Override
  public synchronized void close() throws IOException {
    if (admin != null) {
      admin.close();
    }
    if (rowan != null) {
      rowan.close(); // leaves the shared connection open: this Rowan does not own it
    }
  }
}
