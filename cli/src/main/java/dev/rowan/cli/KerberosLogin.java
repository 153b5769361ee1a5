package dev.rowan.cli;

import dev.rowan.core.Rowan;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import picocli.CommandLine.ParameterException;

/**
 * The Kerberos login of a command: from the keytab of {@code --principal} and {@code --keytab}
 * (HBase's client keys, {@link Rowan#keytabLogin}), or else, on a cluster whose configuration says
 * {@code hbase.security.authentication=kerberos}, from the ticket cache of {@code kinit}, as
 * HBase's own tools do. Either way Hadoop's login is told that security is on when the site files
 * came from {@code --config} rather than from the class path, where it looks for them.
 *
 * <p>Thread-safety: stateless; the login it sets up is the JVM's.
 */
final class KerberosLogin {

  private KerberosLogin() {}

  /** Whether the options ask for a keytab login (which needs a cluster). */
  static boolean requested(RowanCli options) {
    return options.principal != null || options.keytab != null;
  }

  /**
   * Puts the login into {@code conf} before a connection is opened with it.
   *
   * @throws ParameterException when only one of {@code --principal} and {@code --keytab} is given,
   *     when the keytab is missing or unreadable, or when {@code conf} does not say {@code
   *     hbase.security.authentication=kerberos}
   * @throws IllegalStateException when Hadoop's login cannot read the JVM's Kerberos configuration
   */
  static void configure(RowanCli options, Configuration conf) {
    if (options.principal == null && options.keytab != null) {
      throw new ParameterException(
          options.spec.commandLine(),
          "--keytab "
              + options.keytab
              + " needs --principal, the principal whose keys it holds (e.g. --principal app@EXAMPLE.COM)");
    }
    if (options.principal != null && options.keytab == null) {
      throw new ParameterException(
          options.spec.commandLine(),
          "--principal "
              + options.principal
              + " needs --keytab, the file that holds its keys (or leave both out to use the ticket cache of kinit)");
    }
    if (options.keytab != null) {
      try {
        Rowan.keytabLogin(conf, options.principal, options.keytab);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(
            options.spec.commandLine(),
            "--keytab: "
                + e.getMessage()
                + ("kerberos".equalsIgnoreCase(conf.get("hbase.security.authentication"))
                    ? ""
                    : " (pass it with --config)"));
      }
    } else if ("kerberos".equalsIgnoreCase(conf.get("hbase.security.authentication"))
        && !UserGroupInformation.isSecurityEnabled()) {
      Configuration hadoop = new Configuration(conf);
      hadoop.set("hadoop.security.authentication", "kerberos");
      try {
        UserGroupInformation.setConfiguration(hadoop);
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(
            "the cluster uses Kerberos, but Hadoop's login cannot read the Kerberos"
                + " configuration (the realm): give the JVM the cluster's krb5.conf (/etc/krb5.conf, or"
                + " ROWAN_JAVA_OPTS=-Djava.security.krb5.conf=file)",
            e);
      }
    }
  }
}
