package dev.rowan.security;

import dev.rowan.test.LocalClusterSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.AccessController;
import org.apache.hadoop.hbase.security.access.AuthManager;
import org.apache.hadoop.hbase.security.access.PermissionStorage;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.SecureTestUtil;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one in-process HBase of this module's test JVM, started with HBase's AccessController on
 * the master, the region server and every region (simple authentication: a principal is who the
 * client says it is, as {@code User.createUserForTesting} makes it). The JVM's own user is the
 * superuser. Kept in JUnit's root store, which closes it when the JVM's test run ends.
 */
final class SecureCluster implements ExtensionContext.Store.CloseableResource {

  private static final Logger LOG = LoggerFactory.getLogger(SecureCluster.class);
  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(SecureCluster.class);
  private static final int MAX_NAMESPACE_LENGTH = 64;

  private final HBaseTestingUtility utility;
  private final AtomicLong namespaces = new AtomicLong();
  private final Map<String, Principal> principals = new ConcurrentHashMap<>();
  private final List<AutoCloseable> closeLast = new CopyOnWriteArrayList<>();

  private SecureCluster(HBaseTestingUtility utility) {
    this.utility = utility;
  }

  /** The JVM's cluster, started by the first test that asks for it. */
  static SecureCluster of(ExtensionContext context) {
    return context.getRoot().getStore(STORE)
        .getOrComputeIfAbsent(SecureCluster.class, key -> start(), SecureCluster.class);
  }

  private static SecureCluster start() {
    long began = System.nanoTime();
    Configuration conf = LocalClusterSettings.create(1);
    conf.setFloat("hbase.regionserver.global.memstore.size", 0.2f);
    conf.setFloat("hfile.block.cache.size", 0.1f);
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    try {
      SecureTestUtil.enableSecurity(conf);
      SecureTestUtil.verifyConfiguration(conf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    try {
      utility.startMiniZKCluster();
      utility.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      utility.waitTableEnabled(PermissionStorage.ACL_TABLE_NAME);
      LOG.info("Started the secured test HBase in {} ms (ZooKeeper port {}, superuser {})",
          Duration.ofNanos(System.nanoTime() - began).toMillis(), utility.getZkCluster().getClientPort(),
          User.getCurrent().getShortName());
      return new SecureCluster(utility);
    } catch (Exception e) {
      try {
        utility.shutdownMiniCluster();
      } catch (IOException | RuntimeException ignored) {
        // the start failed already; that is the error to report
      }
      throw new IllegalStateException("Cannot start the in-process HBase with the AccessController", e);
    }
  }

  /** The superuser's connection (the JVM's user started HBase, which makes it a superuser). */
  Connection superuser() {
    try {
      return utility.getConnection();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A copy of the client configuration, which names this cluster's ZooKeeper. */
  Configuration configuration() {
    return new Configuration(utility.getConfiguration());
  }

  /** The ZooKeeper quorum as {@code host:port}, for the command line's {@code --zk}. */
  String zookeeper() {
    return "localhost:" + utility.getZkCluster().getClientPort();
  }

  /**
   * A fresh namespace, created by the superuser, named after a counter and {@code owner}.
   *
   * @throws UncheckedIOException when HBase refuses to create it
   */
  String createNamespace(String owner) {
    String name = "s" + namespaces.incrementAndGet() + "_" + owner.replaceAll("[^A-Za-z0-9_]", "_");
    name = name.length() <= MAX_NAMESPACE_LENGTH ? name : name.substring(0, MAX_NAMESPACE_LENGTH);
    try (Admin admin = superuser().getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(name).build());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the namespace " + name, e);
    }
    return name;
  }

  /**
   * The principal called {@code name}, made on first use with no permission at all. Names are
   * global to the cluster: a test that needs a principal with exactly some grants names it after
   * itself.
   */
  Principal principal(String name) {
    return principals.computeIfAbsent(name, n -> new Principal(
        User.createUserForTesting(configuration(), n, new String[] {n + "_group"}), configuration()));
  }

  /** Grants {@code actions} on namespace {@code namespace} to {@code principal}, as the superuser; returns once every server applies it. */
  void grant(Principal principal, String namespace, Action... actions) {
    try {
      SecureTestUtil.grantOnNamespace(utility, principal.name(), namespace, actions);
      awaitAuthorized(principal, "@" + namespace, actions,
          (manager, action) -> manager.authorizeUserNamespace(principal.user(), namespace, action));
    } catch (Exception e) {
      throw new IllegalStateException("Cannot grant " + List.of(actions) + " on @" + namespace + " to " + principal, e);
    }
  }

  /** Grants {@code actions} on table {@code table} to {@code principal}, as the superuser; returns once every server applies it. */
  void grant(Principal principal, TableName table, Action... actions) {
    try {
      SecureTestUtil.grantOnTable(utility, principal.name(), table, null, null, actions);
      awaitAuthorized(principal, table.getNameAsString(), actions,
          (manager, action) -> manager.authorizeUserTable(principal.user(), table, action));
    } catch (Exception e) {
      throw new IllegalStateException("Cannot grant " + List.of(actions) + " on " + table + " to " + principal, e);
    }
  }

  /**
   * Waits until the AccessController of the master, of the region server and of every online region
   * authorizes each of {@code actions} for the principal. SecureTestUtil's grant returns once every
   * AccessController's permission cache has changed, but any change will do (the owner permission of a
   * table created just before, say): the grant itself may not be applied yet, and the principal's next
   * call refused.
   */
  private void awaitAuthorized(Principal principal, String scope, Action[] actions,
      java.util.function.BiPredicate<AuthManager, Action> authorized) throws InterruptedException {
    Predicate<AuthManager> all = manager -> java.util.Arrays.stream(actions).allMatch(a -> authorized.test(manager, a));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!accessControllers().stream().allMatch(ac -> all.test(ac.getAuthManager()))) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the grant of " + List.of(actions) + " on " + scope + " to " + principal
            + " is not applied by every AccessController after 30 s");
      }
      Thread.sleep(20);
    }
  }

  private List<AccessController> accessControllers() {
    List<AccessController> controllers = new ArrayList<>();
    var cluster = utility.getHBaseCluster();
    AccessController master = cluster.getMaster().getMasterCoprocessorHost().findCoprocessor(AccessController.class);
    if (master != null) {
      controllers.add(master);
    }
    for (var thread : cluster.getLiveRegionServerThreads()) {
      var server = thread.getRegionServer();
      AccessController own = server.getRegionServerCoprocessorHost().findCoprocessor(AccessController.class);
      if (own != null) {
        controllers.add(own);
      }
      for (var region : server.getOnlineRegionsLocalContext()) {
        AccessController ac = region.getCoprocessorHost().findCoprocessor(AccessController.class);
        if (ac != null) {
          controllers.add(ac);
        }
      }
    }
    return controllers;
  }

  /** Closed when the cluster stops, before it stops. */
  void closeAtEnd(AutoCloseable resource) {
    closeLast.add(resource);
  }

  @Override
  public void close() {
    long began = System.nanoTime();
    for (Principal principal : principals.values()) {
      principal.close();
    }
    for (AutoCloseable resource : closeLast) {
      try {
        resource.close();
      } catch (Exception e) {
        LOG.warn("Could not close {}", resource, e);
      }
    }
    try {
      utility.shutdownMiniCluster();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not shut down the secured test HBase cleanly", e);
    }
    LOG.info("Stopped the secured test HBase in {} ms", Duration.ofNanos(System.nanoTime() - began).toMillis());
  }
}
