package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.cli.RowanCli;
import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.Rowan;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Rowan on a Kerberized HBase ({@link KerberosCluster}: a MiniKdc, HBase with Kerberos RPC
 * authentication and the AccessController in a JVM of its own). This JVM is a client that logs in
 * from keytabs only through HBase's client keys ({@link Rowan#keytabLogin}), as an application,
 * the command line and a job submitter do, in the roles of docs/security.md: the deployer holds
 * CREATE on the namespace (and owns the tables it creates), the application READ and WRITE, the
 * reader and the operator (who verifies the views) READ; {@code mallory} holds nothing.
 *
 * <p>Hadoop's login is JVM-wide, and a keytab login replaces it, so the steps run in order: the
 * schema as the deployer, the workload as the application, reads as the reader, the command line as
 * the deployer, the job as the operator, then mallory.
 *
 * <p>The MapReduce job runs on the local job runner: a Kerberized mini YARN (and the mini HDFS with
 * Kerberos and TLS web endpoints it takes) is out of reach of this test's time budget. What a job
 * on a Kerberized YARN depends on is proved here all the same: at submission the job obtains an
 * HBase delegation token ({@code HBASE_AUTH_TOKEN}, from the cluster's {@code TokenProvider}) for
 * its tasks, which hold no Kerberos login on a cluster. The local runner keeps a job's credentials
 * to itself, so the test reads the tokens where MapReduce's job submitter logs them
 * ({@link KerberosJobLog}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KerberosClusterIT {

  private static final String DEPLOYER = "deployer";
  private static final String APP = "app";
  private static final String READER = "reader";
  private static final String OPERATOR = "operator";
  private static final String MALLORY = "mallory";
  private static final Path WORK = Path.of("target", "kerberos-it");

  private static KerberosCluster cluster;

  @BeforeAll
  static void startTheKerberizedCluster() throws Exception {
    // the roles of docs/security.md, on the default namespace; mallory holds nothing
    cluster = KerberosCluster.start(WORK, DEPLOYER + ":C," + APP + ":RW," + READER + ":R," + OPERATOR + ":R",
        DEPLOYER, APP, READER, OPERATOR, MALLORY);
  }

  @AfterAll
  static void stopIt() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The configuration that logs {@code user} in from its keytab when a connection opens. */
  private static Configuration loggedInAs(String user) {
    return Rowan.keytabLogin(cluster.clientConfiguration(), cluster.principal(user), cluster.keytab(user));
  }

  @Test
  @Order(1)
  void theDeployerLoggedInFromItsKeytabByHBasesClientCreatesTheTables() throws Exception {
    try (Rowan rowan = Rowan.connect(loggedInAs(DEPLOYER))) {
      UserGroupInformation login = UserGroupInformation.getLoginUser();
      assertEquals(cluster.principal(DEPLOYER), login.getUserName(), "HBase's client logged in from the keytab");
      assertTrue(login.isFromKeytab(), "a login that HBase's renewal chore can renew from the keytab");

      rowan.schema().create(KerberosOrder.class);
      assertTrue(rowan.schema().check(KerberosOrder.class).matches(), rowan.schema().check(KerberosOrder.class)
          .toString());
    }
  }

  @Test
  @Order(2)
  void theAppWithReadAndWriteRunsTheRepositoryWorkload() throws Exception {
    try (Rowan rowan = Rowan.connect(loggedInAs(APP))) {
      assertEquals(cluster.principal(APP), UserGroupInformation.getLoginUser().getUserName());
      KerberosOrderRepository orders = rowan.repository(KerberosOrderRepository.class);
      KerberosOrder first = new KerberosOrder("o-1", "s-1", 10);
      KerberosOrder second = new KerberosOrder("o-2", "s-1", 20);
      orders.saveAll(List.of(first, second, new KerberosOrder("o-3", "s-2", 30)));
      assertEquals(List.of(first, second), orders.findBySellerId("s-1"));
      assertTrue(orders.explain("findBySellerId").contains("reads view kerberos_orders.seller"),
          orders.explain("findBySellerId"));

      orders.delete(first);

      assertEquals(List.of(second), orders.findBySellerId("s-1"));
      assertTrue(orders.findByKey("o-1").isEmpty());
    }
  }

  @Test
  @Order(3)
  void theReaderReadsAndIsRefusedWrites() throws Exception {
    try (Rowan rowan = Rowan.connect(loggedInAs(READER))) {
      KerberosOrderRepository orders = rowan.repository(KerberosOrderRepository.class);
      assertEquals(List.of(new KerberosOrder("o-2", "s-1", 20)), orders.findBySellerId("s-1"));
      PermissionDeniedException refused = assertThrows(PermissionDeniedException.class,
          () -> orders.save(new KerberosOrder("o-4", "s-1", 40)));
      assertEquals(List.of(cluster.principal(READER), "WRITE"), List.of(refused.principal(), refused.permission()),
          refused.getMessage());
      assertTrue(refused.getMessage().contains("grant 'reader', 'W'"), refused.getMessage());
      assertEquals(List.of(new KerberosOrder("o-2", "s-1", 20)), orders.findBySellerId("s-1"));
    }
  }

  @Test
  @Order(4)
  void theCommandLineLogsInWithPrincipalAndKeytab() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = RowanCli.execute(new String[] {"--config", cluster.clientSite().toString(),
        "--principal", cluster.principal(DEPLOYER), "--keytab", cluster.keytab(DEPLOYER).toString(),
        "schema", "check", KerberosOrder.class.getName()},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

    assertEquals(0, status, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
  }

  @Test
  @Order(5)
  void theOperatorsViewJobObtainsAnHBaseDelegationTokenAtSubmission() throws Exception {
    Configuration conf = loggedInAs(OPERATOR);
    conf.set("mapreduce.framework.name", "local");
    // What a Kerberized cluster's yarn-site.xml says: MapReduce names the ResourceManager as the renewer of the
    // HDFS tokens it obtains, and refuses to submit on a secure cluster without it.
    conf.set("yarn.resourcemanager.principal", "yarn/localhost@" + cluster.realm());
    conf.set("hadoop.tmp.dir", WORK.resolve("mapreduce").toAbsolutePath().toString());

    List<ViewReport> reports;
    String submitted;
    try (Rowan rowan = Rowan.connect(conf); KerberosJobLog log = KerberosJobLog.capture()) {
      reports = VerifyViews.of(rowan, KerberosOrder.class).configuration(conf)
          .progress(new PrintStream(OutputStream.nullOutputStream())).check();
      submitted = log.text();
    }

    assertTrue(submitted.contains("Kind: HBASE_AUTH_TOKEN"), "the job's tokens:\n" + submitted);
    assertEquals(1, reports.size(), reports.toString());
    assertTrue(reports.get(0).consistent(), reports.get(0).summary());
    assertEquals(2, reports.get(0).rows(), reports.get(0).summary());
  }

  @Test
  @Order(6)
  void aUserWithoutGrantsIsRefusedNamingTheTableAndTheUser() throws Exception {
    Configuration conf = loggedInAs(MALLORY);

    try (Rowan rowan = Rowan.connect(conf)) {
      assertEquals(cluster.principal(MALLORY), UserGroupInformation.getLoginUser().getUserName());
      PermissionDeniedException refused = assertThrows(PermissionDeniedException.class,
          () -> rowan.repository(KerberosOrderRepository.class).save(new KerberosOrder("o-9", "s-9", 90)));

      // opening the repository reads the entity's records in the catalog: refused there, naming the entity's table
      String messages = messages(refused);
      assertEquals(List.of(MALLORY, "default:rowan_catalog", "READ"), List.of(refused.principal(), refused.table(),
          refused.permission()), messages);
      assertTrue(refused.getMessage().startsWith("read the records of kerberos_orders in table rowan_catalog was"
          + " refused: principal 'mallory' lacks READ permission on default:rowan_catalog. Grant it with the HBase"
          + " shell: grant 'mallory', 'R', 'default:rowan_catalog'"), messages);
      assertTrue(messages.contains("AccessDeniedException: Insufficient permissions for user 'mallory'"), messages);
    }
  }

  private static String messages(Throwable error) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = error; t != null; t = t.getCause()) {
      text.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append('\n');
    }
    return text.toString();
  }
}
