package dev.rowan.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Rowan#keytabLogin}'s refusals, which come before any login. (A login that succeeds changes
 * the JVM's Hadoop login, so it is proved on a Kerberized cluster, by security-tests'
 * KerberosClusterIT, not here.)
 */
class RowanKeytabLoginTest {

  @TempDir Path dir;

  @Test
  void refusesAKeytabThatIsMissing() {
    Configuration conf = kerberized();
    Path keytab = dir.resolve("app.keytab");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Rowan.keytabLogin(conf, "app@EXAMPLE.COM", keytab));
    assertEquals("the keytab " + keytab.toAbsolutePath() + " of app@EXAMPLE.COM is missing", e.getMessage());
    assertNull(conf.get("hbase.client.keytab.file"), "nothing set");
  }

  @Test
  void refusesAKeytabThatIsADirectory() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Rowan.keytabLogin(kerberized(), "app@EXAMPLE.COM", dir));
    assertEquals("the keytab " + dir.toAbsolutePath() + " of app@EXAMPLE.COM is not a readable file", e.getMessage());
  }

  @Test
  void refusesABlankPrincipal() throws IOException {
    Path keytab = Files.createFile(dir.resolve("app.keytab"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Rowan.keytabLogin(kerberized(), " ", keytab));
    assertEquals("a keytab login needs a principal (e.g. app@EXAMPLE.COM)", e.getMessage());
  }

  @Test
  void refusesAConfigurationWithoutKerberos() throws IOException {
    Path keytab = Files.createFile(dir.resolve("app.keytab"));
    Configuration conf = new Configuration(false);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Rowan.keytabLogin(conf, "app@EXAMPLE.COM", keytab));
    assertEquals("a keytab login for app@EXAMPLE.COM needs a configuration that says"
        + " hbase.security.authentication=kerberos (it says nothing): HBase's client would ignore the keytab;"
        + " give it the cluster's hbase-site.xml", e.getMessage());
    assertNull(conf.get("hbase.client.keytab.principal"), "nothing set");
  }

  private static Configuration kerberized() {
    Configuration conf = new Configuration(false);
    conf.set("hbase.security.authentication", "kerberos");
    return conf;
  }
}
