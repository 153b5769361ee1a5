package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.rowan.core.Rowan;
import dev.rowan.spring.boot.sample.Book;
import dev.rowan.spring.boot.sample.BookRepository;
import dev.rowan.spring.boot.sample.SampleApplication;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The starter against the shared in-process HBase: an application with nothing but the starter,
 * its {@code rowan.*} properties and a repository interface ({@link SampleApplication}); each test
 * in a namespace of its own.
 */
@HBaseTest
class RowanStarterIT {

  @Test
  void injectsTheRepositoriesOfTheApplicationAndReportsItsHealth(Configuration cluster, TestNamespace namespace) {
    Connection connection;
    try (ConfigurableApplicationContext context = start(cluster, namespace, "rowan.schema.mode=create")) {
      BookRepository books = context.getBean(BookRepository.class);
      books.save(new Book("978-0", "le guin", "The Dispossessed"));
      books.save(new Book("978-1", "le guin", "The Lathe of Heaven"));
      books.save(new Book("978-2", "lem", "Solaris"));
      assertThat(books.findByAuthor("le guin")).extracting(Book::title)
          .containsExactlyInAnyOrder("The Dispossessed", "The Lathe of Heaven");

      Health health = context.getBean("rowanHealthIndicator", HealthIndicator.class).health(true);
      assertThat(health.getStatus()).isEqualTo(Status.UP);
      Map<String, Object> details = health.getDetails();
      assertThat(details.get("cluster")).isEqualTo("ZooKeeper " + cluster.get(HConstants.ZOOKEEPER_QUORUM) + ":" + port(cluster) + "/hbase");
      assertThat(details.get("namespace")).isEqualTo(namespace.name());
      assertThat(details.get("entities")).isEqualTo(Map.of("Book", Map.of(
          "table", namespace.name() + ":books",
          "views", Map.of("author", Map.of("tables", List.of(namespace.name() + ":books.author"), "state", "active")),
          "schema", "matches")));
      connection = context.getBean(Connection.class);
      assertThat(context.getBean(Rowan.class).connection()).isSameAs(connection);
    }
    assertThat(connection.isClosed()).as("the connection is closed with the context").isTrue();
  }

  @Test
  void validateFailsStartUpNamingTheTableAndTheSettingThatDiffer(Configuration cluster, TestNamespace namespace,
      Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Book.class);
    TableName books = namespace.tableName("books");
    admin.modifyColumnFamily(books, ColumnFamilyDescriptorBuilder
        .newBuilder(admin.getDescriptor(books).getColumnFamily(Bytes.toBytes("d"))).setMaxVersions(3).build());

    Throwable failure = catchThrowable(() -> start(cluster, namespace, "rowan.schema.mode=validate").close());

    assertThat(failure).rootCause().isInstanceOf(RowanSchemaValidationException.class)
        .hasMessageStartingWith("rowan.schema.mode=validate: the tables of 1 entity in namespace " + namespace.name())
        .hasMessageContaining("Table " + books.getNameAsString() + ", column family 'd': max versions is 3, expected 1.");
    FailureAnalysis analysis = new RowanSchemaFailureAnalyzer().analyze(failure);
    assertThat(analysis.getDescription()).contains(books.getNameAsString()).contains("max versions");

    try (ConfigurableApplicationContext context = start(cluster, namespace, "rowan.schema.mode=none")) {
      Health health = context.getBean("rowanHealthIndicator", HealthIndicator.class).health(true);
      assertThat(health.getStatus()).as("drift is a detail, not DOWN").isEqualTo(Status.UP);
      @SuppressWarnings("unchecked")
      Map<String, Map<String, Object>> entities = (Map<String, Map<String, Object>>) health.getDetails().get("entities");
      assertThat(entities.get("Book").get("schema"))
          .isEqualTo(List.of("Table " + books.getNameAsString() + ", column family 'd': max versions is 3, expected 1."));
    }
  }

  @Test
  void createMakesTheNamespaceAndTablesOfTheRepositoriesEntities(Configuration cluster, TestNamespace namespace,
      Admin admin) throws Exception {
    String fresh = namespace.name() + "_new";
    try (ConfigurableApplicationContext context = start(cluster, fresh, "rowan.schema.mode=create")) {
      assertThat(admin.tableExists(TableName.valueOf(fresh, "books"))).isTrue();
      assertThat(admin.tableExists(TableName.valueOf(fresh, "books.author"))).isTrue();
      assertThat(context.getBean(RowanEntities.class).types()).containsExactly(Book.class);
    }
  }

  private static ConfigurableApplicationContext start(Configuration cluster, TestNamespace namespace, String... more) {
    return start(cluster, namespace.name(), more);
  }

  private static ConfigurableApplicationContext start(Configuration cluster, String namespace, String... more) {
    return new SpringApplicationBuilder(SampleApplication.class).web(WebApplicationType.NONE)
        .properties("rowan.zookeeper.quorum=" + cluster.get(HConstants.ZOOKEEPER_QUORUM),
            "rowan.zookeeper.port=" + port(cluster), "rowan.namespace=" + namespace, "rowan.view-refresh=1s")
        .properties(more)
        .run();
  }

  private static String port(Configuration cluster) {
    return cluster.get(HConstants.ZOOKEEPER_CLIENT_PORT);
  }
}
