package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.embedded.EmbeddedHBase;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Auto-configuration of an in-process HBase for local development, the way Boot picks an embedded
 * database: an {@link EmbeddedHBase} (from {@code rowan-test-support}) on the data in {@code
 * rowan.embedded.data-directory}, kept across restarts, and its {@link Configuration} and {@link
 * Connection} as beans, which {@link RowanAutoConfiguration} then uses. Active when {@code
 * rowan.embedded.enabled=true}, or when that is unset, {@code rowan-test-support} is on the class
 * path and no cluster is configured (no {@code rowan.zookeeper.quorum}, no {@code
 * rowan.config-locations}, no {@code hbase-site.xml} on the class path). The HBase stops when the
 * application context closes, after the Rowan and the connection.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(before = RowanAutoConfiguration.class)
@ConditionalOnClass(name = {"dev.rowan.embedded.EmbeddedHBase", "dev.rowan.core.Rowan"})
@ConditionalOnMissingBean({Connection.class, EmbeddedHBase.class})
@Conditional(OnEmbeddedHBaseCondition.class)
@EnableConfigurationProperties(RowanProperties.class)
public final class RowanEmbeddedAutoConfiguration {

  RowanEmbeddedAutoConfiguration() {}

  /**
   * The embedded HBase, started on the data directory; stopped (its regions flushed) on shutdown.
   */
  @Bean(destroyMethod = "close")
  static EmbeddedHBase embeddedHBase(RowanProperties properties) {
    return EmbeddedHBase.start(properties.getEmbedded().getDataDirectory());
  }

  /** The client configuration of the embedded HBase. */
  @Bean
  @ConditionalOnMissingBean
  static Configuration hbaseConfiguration(EmbeddedHBase embeddedHBase) {
    return embeddedHBase.configuration();
  }

  /** The embedded HBase's own connection; closing it twice (here and by the HBase) is harmless. */
  @Bean(destroyMethod = "close")
  static Connection hbaseConnection(EmbeddedHBase embeddedHBase) {
    return embeddedHBase.connection();
  }
}
