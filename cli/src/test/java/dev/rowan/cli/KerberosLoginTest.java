package dev.rowan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@code --principal} and {@code --keytab}, without a cluster: what they ask of each other and of the
 * keytab and the configuration, refused before any connection or login. (A login that succeeds
 * changes the JVM's Hadoop login; security-tests' KerberosClusterIT runs the command line on a
 * Kerberized cluster.)
 */
class KerberosLoginTest {

  @TempDir Path dir;

  @Test
  void asksNoLoginWithoutTheOptionsAndLeavesAnUnsecuredConfigurationAlone() {
    RowanCli cli = parse("--zk", "zk1:2181");
    assertFalse(KerberosLogin.requested(cli));

    Configuration conf = Session.clusterConfiguration(cli);

    assertNull(conf.get("hbase.client.keytab.file"));
    assertNull(conf.get("hbase.client.keytab.principal"));
  }

  @Test
  void refusesAKeytabWithoutItsPrincipal() throws IOException {
    Path keytab = Files.createFile(dir.resolve("app.keytab"));
    RowanCli cli = parse("--config", kerberizedSite().toString(), "--keytab", keytab.toString());
    assertTrue(KerberosLogin.requested(cli));

    ParameterException e = assertThrows(ParameterException.class, () -> Session.clusterConfiguration(cli));

    assertEquals("--keytab " + keytab + " needs --principal, the principal whose keys it holds"
        + " (e.g. --principal app@EXAMPLE.COM)", e.getMessage());
  }

  @Test
  void refusesAPrincipalWithoutItsKeytab() throws IOException {
    RowanCli cli = parse("--config", kerberizedSite().toString(), "--principal", "app@EXAMPLE.COM");

    ParameterException e = assertThrows(ParameterException.class, () -> Session.clusterConfiguration(cli));

    assertEquals("--principal app@EXAMPLE.COM needs --keytab, the file that holds its keys (or leave both out to"
        + " use the ticket cache of kinit)", e.getMessage());
  }

  @Test
  void refusesAMissingKeytabNamingIt() throws IOException {
    Path keytab = dir.resolve("gone.keytab");
    RowanCli cli = parse("--config", kerberizedSite().toString(), "--principal", "app@EXAMPLE.COM",
        "--keytab", keytab.toString());

    ParameterException e = assertThrows(ParameterException.class, () -> Session.clusterConfiguration(cli));

    assertEquals("--keytab: the keytab " + keytab.toAbsolutePath() + " of app@EXAMPLE.COM is missing", e.getMessage());
  }

  @Test
  void refusesAKeytabItCannotRead() throws IOException {
    RowanCli cli = parse("--config", kerberizedSite().toString(), "--principal", "app@EXAMPLE.COM",
        "--keytab", dir.toString());

    ParameterException e = assertThrows(ParameterException.class, () -> Session.clusterConfiguration(cli));

    assertEquals("--keytab: the keytab " + dir.toAbsolutePath() + " of app@EXAMPLE.COM is not a readable file",
        e.getMessage());
  }

  @Test
  void refusesAKeytabLoginToAClusterWhoseConfigurationDoesNotSayKerberos() throws IOException {
    Path keytab = Files.createFile(dir.resolve("app.keytab"));
    RowanCli cli = parse("--zk", "zk1:2181", "--principal", "app@EXAMPLE.COM", "--keytab", keytab.toString());

    ParameterException e = assertThrows(ParameterException.class, () -> Session.clusterConfiguration(cli));

    assertEquals("--keytab: a keytab login for app@EXAMPLE.COM needs a configuration that says"
        + " hbase.security.authentication=kerberos (it says simple): HBase's client would ignore the keytab;"
        + " give it the cluster's hbase-site.xml (pass it with --config)", e.getMessage());
  }

  @Test
  void exitsWithWrongArgumentsBeforeConnectingWhenTheKeytabIsMissing() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path keytab = dir.resolve("gone.keytab");

    int status = RowanCli.execute(new String[] {"--config", kerberizedSite().toString(), "--principal",
        "app@EXAMPLE.COM", "--keytab", keytab.toString(), "regions", "orders"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

    assertEquals(2, status, err.toString(StandardCharsets.UTF_8));
    assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("rowan: --keytab: the keytab "
        + keytab.toAbsolutePath() + " of app@EXAMPLE.COM is missing"), err.toString(StandardCharsets.UTF_8));
  }

  private Path kerberizedSite() throws IOException {
    Path site = dir.resolve("hbase-site.xml");
    Files.writeString(site, """
        <?xml version="1.0"?>
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>zk1.example.com</value></property>
          <property><name>hbase.security.authentication</name><value>kerberos</value></property>
        </configuration>
        """);
    return site;
  }

  private static RowanCli parse(String... args) {
    CommandLine commandLine = RowanCli.commandLine(System.out, System.err);
    commandLine.parseArgs(args);
    return commandLine.getCommand();
  }
}
