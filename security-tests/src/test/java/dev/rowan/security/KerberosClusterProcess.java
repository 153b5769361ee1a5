package dev.rowan.security;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.apache.hadoop.hbase.security.access.AccessControlClient;
import org.apache.hadoop.hbase.security.access.AccessController;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.SecureTestUtil;
import org.apache.hadoop.hbase.security.token.TokenProvider;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The main class of the Kerberized cluster's own JVM ({@link KerberosCluster}): ZooKeeper and HBase
 * with one region server on the local file system, logged in as {@code hbase/localhost} from a
 * keytab, with Kerberos RPC authentication, the {@link AccessController} (HBase's recipe,
 * {@link SecureTestUtil#enableSecurity}) and the {@link TokenProvider} that hands out delegation
 * tokens. It grants permissions on the default namespace to principals, writes the
 * clients' {@code hbase-site.xml} when it is ready, and stops when its standard input closes.
 *
 * <p>The cluster runs apart from the test's JVM because Hadoop's login is JVM-wide: a client that
 * logs in from its keytab there would become the login user of the servers too.
 *
 * <p>Arguments: the work directory, the realm, the service keytab, the grants
 * ({@code deployer:C,app:RW,...}: principal and HBase's permission letters).
 */
public final class KerberosClusterProcess {

  /** The service principal of the master and the region server, without the realm. */
  static final String SERVICE = "hbase/localhost";

  /** Where the cluster writes the clients' configuration, in the work directory, once it is ready. */
  static final String CLIENT_SITE = "client-site.xml";

  private KerberosClusterProcess() {}

  public static void main(String[] args) throws Throwable {
    Path work = Path.of(args[0]);
    String service = SERVICE + "@" + args[1];
    String keytab = args[2];
    String granted = args[3];

    Configuration conf = HBaseConfiguration.create();
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false); // local FS has no hflush
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    conf.setInt(HConstants.REGION_SERVER_HANDLER_COUNT, 5);
    conf.setInt(HConstants.MASTER_HANDLER_COUNT, 5);
    conf.setInt("hbase.regionserver.msginterval", 250);
    SecureTestUtil.enableSecurity(conf); // AccessController on master, region servers and regions
    conf.set(CoprocessorHost.REGION_COPROCESSOR_CONF_KEY,
        AccessController.class.getName() + "," + TokenProvider.class.getName());
    conf.set("hbase.superuser", "hbase");
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hbase.security.authentication", "kerberos");
    conf.set("hbase.master.kerberos.principal", service);
    conf.set("hbase.master.keytab.file", keytab);
    conf.set("hbase.regionserver.kerberos.principal", service);
    conf.set("hbase.regionserver.keytab.file", keytab);
    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation.loginUserFromKeytab(service, keytab);

    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    utility.startMiniZKCluster();
    utility.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
    try (Connection connection = ConnectionFactory.createConnection(utility.getConfiguration())) {
      for (String grant : granted.split(",")) { // user:letters
        String[] userAndLetters = grant.split(":");
        Permission.Action[] actions = userAndLetters[1].chars().mapToObj(letter -> switch (letter) {
          case 'R' -> Permission.Action.READ;
          case 'W' -> Permission.Action.WRITE;
          case 'C' -> Permission.Action.CREATE;
          case 'A' -> Permission.Action.ADMIN;
          default -> throw new IllegalArgumentException("unknown permission " + (char) letter);
        }).toArray(Permission.Action[]::new);
        AccessControlClient.grant(connection, "default", userAndLetters[0], actions);
        while (AccessControlClient.getUserPermissions(connection, "@default", userAndLetters[0]).isEmpty()) {
          Thread.sleep(50); // stored; the servers learn it from ZooKeeper at once
        }
      }
    }

    Configuration client = new Configuration(false);
    for (String key : new String[] {HConstants.ZOOKEEPER_QUORUM, HConstants.ZOOKEEPER_CLIENT_PORT,
        HConstants.ZOOKEEPER_ZNODE_PARENT, "hbase.security.authentication", "hadoop.security.authentication",
        "hbase.master.kerberos.principal", "hbase.regionserver.kerberos.principal"}) {
      client.set(key, utility.getConfiguration().get(key));
    }
    Path written = work.resolve(CLIENT_SITE + ".tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      client.writeXml(out);
    }
    Files.move(written, work.resolve(CLIENT_SITE), StandardCopyOption.ATOMIC_MOVE);
    System.out.println("The Kerberized cluster is ready: " + work.resolve(CLIENT_SITE));

    while (System.in.read() != -1) {
      // runs until the test closes this JVM's standard input
    }
    try {
      utility.shutdownMiniCluster();
    } catch (IOException | RuntimeException e) {
      e.printStackTrace();
    }
    System.exit(0);
  }

  /** The keytab file of a principal in {@code dir}. */
  static File keytab(Path dir, String principal) {
    return dir.resolve(principal.replace('/', '_') + ".keytab").toFile();
  }
}
