package dev.rowan.security;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.minikdc.MiniKdc;

/**
 * A KDC in the test's JVM ({@link MiniKdc}, which points this JVM's {@code java.security.krb5.conf}
 * at its own file) and a Kerberized HBase in a JVM of its own ({@link KerberosClusterProcess}),
 * with a keytab per principal; the test's JVM is the client, with no login until it logs in.
 *
 * <p>Thread-safety: used by one test class.
 */
final class KerberosCluster implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

  private final MiniKdc kdc;
  private final Path work;
  private final Process process;

  private KerberosCluster(MiniKdc kdc, Path work, Process process) {
    this.kdc = kdc;
    this.work = work;
    this.process = process;
  }

  /**
   * Starts the KDC with the service principal and {@code users}, each with a keytab of its own,
   * and the cluster, which grants on the default namespace what {@code grants} says
   * ({@code deployer:C,app:RW}: principal and HBase's permission letters).
   */
  static KerberosCluster start(Path work, String grants, String... users) throws Exception {
    if (Files.exists(work)) { // a run before left its cluster's files, its client-site.xml among them
      try (Stream<Path> files = Files.walk(work)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
    Files.createDirectories(work);
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), work.resolve("kdc").toFile());
    kdc.start();
    Process process = null;
    try {
      File serviceKeytab = KerberosClusterProcess.keytab(work, KerberosClusterProcess.SERVICE);
      kdc.createPrincipal(serviceKeytab, KerberosClusterProcess.SERVICE);
      for (String user : users) {
        kdc.createPrincipal(KerberosClusterProcess.keytab(work, user), user);
      }
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
        if (argument.startsWith("--add-") || argument.startsWith("-Dio.netty")) {
          command.add(argument); // the flags HBase needs on Java 17, and the Kerberos export
        }
      }
      command.addAll(List.of("-Xmx1g", "-XX:+UseParallelGC",
          "-Djava.security.krb5.conf=" + kdc.getKrb5conf().getAbsolutePath(),
          "-Dtest.build.data.basedirectory=" + work.resolve("hbase").toAbsolutePath(),
          "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
          KerberosClusterProcess.class.getName(), work.toAbsolutePath().toString(), kdc.getRealm(),
          serviceKeytab.getAbsolutePath(), grants));
      Path log = work.resolve("cluster.log");
      process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      Path site = work.resolve(KerberosClusterProcess.CLIENT_SITE);
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (!Files.exists(site)) {
        if (!process.isAlive() || System.nanoTime() > deadline) {
          throw new IllegalStateException("the Kerberized cluster did not start"
              + (process.isAlive() ? " in " + START_TIMEOUT : " (its JVM ended)") + "; its log: " + log);
        }
        Thread.sleep(200);
      }
      return new KerberosCluster(kdc, work, process);
    } catch (Exception | Error e) {
      if (process != null) {
        process.destroyForcibly();
      }
      kdc.stop();
      throw e;
    }
  }

  /** The principal of {@code user} in the KDC's realm. */
  String principal(String user) {
    return user + "@" + kdc.getRealm();
  }

  /** The KDC's realm. */
  String realm() {
    return kdc.getRealm();
  }

  /** The keytab file of {@code user}. */
  Path keytab(String user) {
    return KerberosClusterProcess.keytab(work, user).toPath();
  }

  /** The clients' {@code hbase-site.xml}: the cluster's ZooKeeper, Kerberos and its service principal. */
  Path clientSite() {
    return work.resolve(KerberosClusterProcess.CLIENT_SITE);
  }

  /** A new client configuration of the cluster, over HBase's defaults, without a login. */
  Configuration clientConfiguration() {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(clientSite().toUri()));
    return conf;
  }

  @Override
  public void close() throws IOException, InterruptedException {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } finally {
      kdc.stop();
    }
  }
}
