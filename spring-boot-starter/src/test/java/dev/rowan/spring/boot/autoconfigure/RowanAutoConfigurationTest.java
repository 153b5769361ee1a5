package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.rowan.core.Rowan;
import dev.rowan.spring.boot.autoconfigure.RowanProperties.Schema.Mode;
import dev.rowan.spring.boot.sample.Book;
import dev.rowan.spring.boot.sample.BookRepository;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The auto-configuration without a cluster: properties binding, the beans made from them, the
 * beans that back off from the application's own, the schema mode chosen, and when the embedded
 * HBase would start. Every context here has an application {@link Connection} (a mock), so that
 * none connects anywhere.
 */
class RowanAutoConfigurationTest {

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(RowanEmbeddedAutoConfiguration.class, RowanAutoConfiguration.class,
          RowanHealthContributorAutoConfiguration.class))
      .withUserConfiguration(MockConnection.class);

  @Test
  void bindsTheClusterPropertiesOntoTheHBaseConfiguration() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1.example.com,zk2.example.com",
        "rowan.zookeeper.port=2281", "rowan.zookeeper.znode-parent=/hbase-secure",
        "rowan.properties[hbase.client.retries.number]=4", "rowan.properties[hbase.rpc.timeout]=1500")
        .run(context -> {
          Configuration conf = context.getBean(Configuration.class);
          assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk1.example.com,zk2.example.com");
          assertThat(conf.getInt("hbase.zookeeper.property.clientPort", 0)).isEqualTo(2281);
          assertThat(conf.get("zookeeper.znode.parent")).isEqualTo("/hbase-secure");
          assertThat(conf.getInt("hbase.client.retries.number", 0)).isEqualTo(4);
          assertThat(conf.getInt("hbase.rpc.timeout", 0)).isEqualTo(1500);
        });
  }

  @Test
  void readsConfigLocationsBeforeTheOtherProperties() {
    runner.withPropertyValues("rowan.config-locations=classpath:test-hbase-site.xml",
        "rowan.properties[hbase.client.retries.number]=9")
        .run(context -> {
          Configuration conf = context.getBean(Configuration.class);
          assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk-from-file.example.com");
          assertThat(conf.getInt("hbase.client.retries.number", 0)).isEqualTo(9);
        });
  }

  @Test
  void failsOnAConfigLocationThatCannotBeRead() {
    runner.withPropertyValues("rowan.config-locations=classpath:no-such-site.xml")
        .run(context -> assertThat(context).getFailure().rootCause()
            .hasMessageContaining("no-such-site.xml"));
    runner.withPropertyValues("rowan.config-locations=classpath:no-such-site.xml")
        .run(context -> assertThat(context).getFailure()
            .hasStackTraceContaining("Cannot read the HBase configuration file class path resource [no-such-site.xml]"));
  }

  @Test
  void buildsTheRowanWithTheRowanOptions() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.namespace=shop", "rowan.write-lease=45s",
        "rowan.view-refresh=2s", "rowan.settle-in-background=true", "rowan.group-commit=false")
        .run(context -> {
          Rowan rowan = context.getBean("rowan", Rowan.class);
          assertThat(rowan.namespace()).isEqualTo("shop");
          assertThat(rowan.writeLease()).isEqualTo(Duration.ofSeconds(45));
          assertThat(rowan.viewRefresh()).isEqualTo(Duration.ofSeconds(2));
          assertThat(rowan.connection()).isSameAs(context.getBean(Connection.class));
        });
  }

  @Test
  void defaultsMatchTheRowanDefaults() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1").run(context -> {
      Rowan rowan = context.getBean(Rowan.class);
      assertThat(rowan.namespace()).isNull();
      assertThat(rowan.writeLease()).isEqualTo(Rowan.DEFAULT_WRITE_LEASE);
      assertThat(rowan.viewRefresh()).isEqualTo(Rowan.DEFAULT_VIEW_REFRESH);
      assertThat(context.getBean(RowanSchemaInitializer.class).mode()).isEqualTo(Mode.NONE);
    });
  }

  @Test
  void bindsPathsClassesAndModes() {
    new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class)
        .withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.security.keytab=/etc/keytabs/app.keytab",
        "rowan.embedded.data-directory=build/hbase", "rowan.schema.entities=" + Book.class.getName(),
        "rowan.schema.packages=com.example.a,com.example.b", "rowan.schema.mode=validate",
        "rowan.repositories.enabled=false", "rowan.health.timeout=750ms", "rowan.health.check-schema=false")
        .run(context -> {
          RowanProperties properties = context.getBean(RowanProperties.class);
          assertThat(properties.getSecurity().getKeytab()).isEqualTo(Path.of("/etc/keytabs/app.keytab"));
          assertThat(properties.getEmbedded().getDataDirectory()).isEqualTo(Path.of("build/hbase"));
          assertThat(properties.getSchema().getEntities()).containsExactly(Book.class);
          assertThat(properties.getSchema().getPackages()).containsExactly("com.example.a", "com.example.b");
          assertThat(properties.getSchema().getMode()).isEqualTo(Mode.VALIDATE);
          assertThat(properties.getRepositories().isEnabled()).isFalse();
          assertThat(properties.getHealth().getTimeout()).isEqualTo(Duration.ofMillis(750));
          assertThat(properties.getHealth().isCheckSchema()).isFalse();
        });
  }

  @Test
  void selectsTheSchemaStepOfTheMode() {
    for (Mode mode : Mode.values()) {
      runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.schema.mode=" + mode.name().toLowerCase())
          .run(context -> assertThat(context.getBean(RowanSchemaInitializer.class).mode()).isEqualTo(mode));
    }
  }

  @Test
  void coversTheNamedEntitiesAndThoseOfTheScannedPackages() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.schema.entities=java.lang.String",
        "rowan.schema.packages=dev.rowan.spring.boot.sample")
        .run(context -> assertThat(context.getBean(RowanEntities.class).types())
            .containsExactly(String.class, Book.class));
  }

  @Test
  void coversTheEntitiesOfTheRepositoryBeansByDefault() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1")
        .withBean("bookRepository", BookRepository.class, () -> mock(BookRepository.class))
        .run(context -> assertThat(context.getBean(RowanEntities.class).types()).containsExactly(Book.class));
  }

  @Test
  void backsOffFromTheApplicationsBeans() {
    Rowan own = Rowan.connect(MockConnection.connection());
    RowanEntities entities = RowanEntities.of(Book.class);
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1")
        .withBean(Rowan.class, () -> own)
        .withBean(RowanEntities.class, () -> entities)
        .withBean(Configuration.class, () -> HBaseConfiguration.create())
        .withBean("rowanHealthIndicator", String.class, () -> "not an indicator")
        .run(context -> {
          assertThat(context).hasSingleBean(Rowan.class).hasSingleBean(RowanEntities.class)
              .hasSingleBean(Connection.class).hasSingleBean(Configuration.class)
              .doesNotHaveBean(RowanHealthIndicator.class);
          assertThat(context.getBean(Rowan.class)).isSameAs(own);
          assertThat(context.getBean(RowanEntities.class)).isSameAs(entities);
          assertThat(context.getBean(Connection.class)).isSameAs(context.getBean(MockConnection.class).connection);
          assertThat(context.getBean(Configuration.class).get("hbase.zookeeper.quorum")).isNotEqualTo("zk1");
        });
  }

  @Test
  void appliesBuilderCustomizersAfterTheProperties() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1")
        .withBean(RowanBuilderCustomizer.class, () -> builder -> builder.namespace("custom"))
        .run(context -> assertThat(context.getBean(Rowan.class).namespace()).isEqualTo("custom"));
  }

  @Test
  void registersTheHealthIndicatorNamedRowanUnlessDisabled() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1")
        .run(context -> assertThat(context).hasBean("rowanHealthIndicator"));
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "management.health.rowan.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(RowanHealthIndicator.class));
  }

  @Test
  void aKeytabLoginNeedsAKeytab() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.security.principal=app@EXAMPLE.COM")
        .run(context -> assertThat(context).getFailure()
            .hasStackTraceContaining("rowan.security.principal=app@EXAMPLE.COM needs rowan.security.keytab"));
  }

  @Test
  void aKeytabNeedsAPrincipal() {
    runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.security.keytab=/etc/keytabs/app.keytab")
        .run(context -> assertThat(context).getFailure().hasStackTraceContaining(
            "rowan.security.keytab=/etc/keytabs/app.keytab needs rowan.security.principal"));
  }

  @Test
  void aKeytabLoginNeedsAKerberosCluster() throws Exception {
    Path keytab = java.nio.file.Files.createTempFile("app", ".keytab");
    try {
      runner.withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.security.principal=app@EXAMPLE.COM",
          "rowan.security.keytab=" + keytab)
          .run(context -> assertThat(context).getFailure()
              .hasStackTraceContaining("needs a configuration that says hbase.security.authentication=kerberos"));
    } finally {
      java.nio.file.Files.delete(keytab);
    }
  }

  @Test
  void startsTheEmbeddedHBaseOnlyWhenNoClusterIsConfigured() {
    ApplicationContextRunner embedded = new ApplicationContextRunner().withUserConfiguration(EmbeddedMarker.class);
    embedded.run(context -> assertThat(context).hasBean("embedded"));
    embedded.withPropertyValues("rowan.zookeeper.quorum=zk1")
        .run(context -> assertThat(context).doesNotHaveBean("embedded"));
    embedded.withPropertyValues("rowan.config-locations=file:/etc/hbase/conf/hbase-site.xml")
        .run(context -> assertThat(context).doesNotHaveBean("embedded"));
    embedded.withPropertyValues("rowan.properties[hbase.zookeeper.quorum]=zk1")
        .run(context -> assertThat(context).doesNotHaveBean("embedded"));
    embedded.withPropertyValues("rowan.embedded.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("embedded"));
    embedded.withPropertyValues("rowan.embedded.enabled=true", "rowan.zookeeper.quorum=zk1")
        .run(context -> assertThat(context).hasBean("embedded"));
  }

  @Test
  void startsNoEmbeddedHBaseNextToTheApplicationsConnection() {
    runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("embeddedHBase"));
  }

  /** An application connection that connects nowhere. */
  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  static class MockConnection {
    final Connection connection = connection();

    static Connection connection() {
      Connection connection = mock(Connection.class);
      when(connection.getConfiguration()).thenReturn(HBaseConfiguration.create());
      return connection;
    }

    @Bean
    Connection applicationConnection() {
      return connection;
    }
  }

  /** The properties alone. */
  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  @org.springframework.boot.context.properties.EnableConfigurationProperties(RowanProperties.class)
  static class PropertiesOnly {}

  /** A bean present where the embedded HBase's condition holds. */
  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  @Conditional(OnEmbeddedHBaseCondition.class)
  static class EmbeddedMarker {
    @Bean
    String embedded() {
      return "embedded";
    }
  }

}
