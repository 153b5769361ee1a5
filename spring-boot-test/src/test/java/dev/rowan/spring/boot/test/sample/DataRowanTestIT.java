package dev.rowan.spring.boot.test.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.core.Rowan;
import dev.rowan.spring.boot.test.DataRowanTest;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The slice as it comes: a repository of the application injected, its tables created in the test
 * class's own namespace on the shared in-process HBase, and no other component of the application.
 */
@DataRowanTest
class DataRowanTestIT {

  @Autowired NoteRepository notes;
  @Autowired Rowan rowan;
  @Autowired ApplicationContext context;

  @Test
  void injectsARepositoryOnItsOwnNamespaceWithTablesCreated() throws Exception {
    assertThat(rowan.namespace()).startsWith("t").endsWith("_" + getClass().getSimpleName());
    try (Admin admin = context.getBean(Connection.class).getAdmin()) {
      assertThat(admin.tableExists(TableName.valueOf(rowan.namespace(), "notes"))).isTrue();
      assertThat(admin.tableExists(TableName.valueOf(rowan.namespace(), "notes.topic"))).isTrue();
    }
    notes.save(new Note("n-1", "hbase", "views are tables"));
    notes.save(new Note("n-2", "spring", "slices are small"));
    assertThat(notes.findByTopic("hbase")).containsExactly(new Note("n-1", "hbase", "views are tables"));
  }

  @Test
  void leavesOutTheApplicationsOtherComponentsAndTheEmbeddedHBase() {
    assertThat(context.getBeanNamesForType(NoteService.class)).isEmpty();
    assertThat(context.containsBean("embeddedHBase")).isFalse();
    assertThat(context.containsBean("rowanHealthIndicator")).isFalse();
  }
}
