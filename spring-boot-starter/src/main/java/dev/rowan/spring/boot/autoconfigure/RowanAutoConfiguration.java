package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.Rowan;
import io.micrometer.observation.ObservationRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.Resource;

/**
 * Auto-configuration of Rowan: an HBase client {@link Configuration} built from the {@code rowan.*}
 * properties, a {@link Connection} to the cluster (closed on shutdown), a {@link Rowan} bean named
 * {@code rowan} over it (closed on shutdown, before the connection), the {@link RowanEntities} that
 * schema management and health cover, and the {@link RowanSchemaInitializer} of {@code
 * rowan.schema.mode}. Every bean backs off when the application defines one of its type.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(
    afterName =
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass({Rowan.class, Connection.class})
@EnableConfigurationProperties(RowanProperties.class)
public final class RowanAutoConfiguration {

  RowanAutoConfiguration() {}

  /**
   * The client configuration: HBase's defaults and the hbase-site.xml on the class path, then
   * {@code rowan.config-locations} in order, {@code rowan.zookeeper.*}, and {@code
   * rowan.properties.*}; with a keytab login when {@code rowan.security.principal} is set.
   */
  @Bean
  @ConditionalOnMissingBean
  static Configuration hbaseConfiguration(RowanProperties properties) {
    Configuration conf = HBaseConfiguration.create();
    for (Resource location : properties.getConfigLocations()) {
      conf.addResource(read(location), location.getDescription());
    }
    RowanProperties.Zookeeper zookeeper = properties.getZookeeper();
    if (zookeeper.getQuorum() != null) {
      conf.set(HConstants.ZOOKEEPER_QUORUM, zookeeper.getQuorum());
    }
    if (zookeeper.getPort() != null) {
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zookeeper.getPort());
    }
    if (zookeeper.getZnodeParent() != null) {
      conf.set(HConstants.ZOOKEEPER_ZNODE_PARENT, zookeeper.getZnodeParent());
    }
    properties.getProperties().forEach(conf::set);
    RowanProperties.Security security = properties.getSecurity();
    if (security.getPrincipal() != null || security.getKeytab() != null) {
      if (security.getKeytab() == null) {
        throw new IllegalArgumentException(
            "rowan.security.principal="
                + security.getPrincipal()
                + " needs rowan.security.keytab, the keytab file to log in with");
      }
      if (security.getPrincipal() == null || security.getPrincipal().isBlank()) {
        throw new IllegalArgumentException(
            "rowan.security.keytab="
                + security.getKeytab()
                + " needs rowan.security.principal, the Kerberos principal to log in as");
      }
      Rowan.keytabLogin(conf, security.getPrincipal(), security.getKeytab());
    }
    return conf;
  }

  /**
   * The bytes of a configuration file, read now: Hadoop reads resources lazily, and streams once.
   */
  private static InputStream read(Resource location) {
    try (InputStream in = location.getInputStream()) {
      return new ByteArrayInputStream(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the HBase configuration file "
              + location.getDescription()
              + " named in rowan.config-locations",
          e);
    }
  }

  /** The connection to the cluster, closed when the application context closes. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  static Connection hbaseConnection(Configuration hbaseConfiguration) {
    try {
      return ConnectionFactory.createConnection(hbaseConfiguration);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot connect to HBase through ZooKeeper at "
              + hbaseConfiguration.get(HConstants.ZOOKEEPER_QUORUM)
              + ":"
              + hbaseConfiguration.get(HConstants.ZOOKEEPER_CLIENT_PORT)
              + " ("
              + hbaseConfiguration.get(HConstants.ZOOKEEPER_ZNODE_PARENT)
              + ")",
          e);
    }
  }

  /**
   * The Rowan, over the connection bean, with the options of {@code rowan.*}, the application's
   * {@link ObservationRegistry} when it has one, and then its {@link RowanBuilderCustomizer}s. Its
   * name, {@code rowan}, is the one {@code @EnableRowanRepositories} refers to by default.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  static Rowan rowan(
      Connection hbaseConnection,
      RowanProperties properties,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<RowanBuilderCustomizer> customizers) {
    Rowan.Builder builder =
        Rowan.builder(hbaseConnection)
            .writeLease(properties.getWriteLease())
            .viewRefresh(properties.getViewRefresh())
            .settleInBackground(properties.isSettleInBackground());
    if (properties.getNamespace() != null && !properties.getNamespace().isBlank()) {
      builder.namespace(properties.getNamespace().strip());
    }
    if (properties.getGroupCommit() != null) {
      builder.groupCommit(properties.getGroupCommit());
    }
    observationRegistry.ifUnique(builder::observationRegistry);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  /** The entities that schema management and the health indicator cover. */
  @Bean
  @ConditionalOnMissingBean
  static RowanEntities rowanEntities(
      RowanProperties properties, ConfigurableListableBeanFactory beanFactory) {
    return RowanEntities.of(properties.getSchema(), beanFactory);
  }

  /** Creates or validates the entities' tables at start-up, as {@code rowan.schema.mode} says. */
  @Bean
  @ConditionalOnMissingBean
  static RowanSchemaInitializer rowanSchemaInitializer(
      Rowan rowan, RowanEntities rowanEntities, RowanProperties properties) {
    return new RowanSchemaInitializer(rowan, rowanEntities, properties.getSchema().getMode());
  }

  /**
   * Makes the repositories wait for the schema initializer: a repository reads its tables' records
   * when built.
   */
  @Bean
  static RowanSchemaInitializer.RepositoriesDependOnSchema rowanRepositoriesDependOnSchema() {
    return new RowanSchemaInitializer.RepositoriesDependOnSchema();
  }
}
