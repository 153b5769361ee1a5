package dev.rowan.spring.boot.test.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.core.Rowan;
import dev.rowan.spring.boot.test.DataRowanTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;

/**
 * The slice's attributes: properties that override its own defaults, and an include filter that
 * adds a component of the application. Its namespace is not the other test class's.
 */
@DataRowanTest(properties = {"rowan.write-lease=30s", "rowan.view-refresh=2s"},
    includeFilters = @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = NoteService.class))
class DataRowanTestAttributesIT {

  @Autowired Rowan rowan;
  @Autowired NoteService service;
  @Autowired NoteRepository notes;

  @Test
  void appliesThePropertiesAndIncludesTheFilteredComponent() {
    assertThat(rowan.writeLease()).isEqualTo(Duration.ofSeconds(30));
    assertThat(rowan.viewRefresh()).as("the test's properties win over the slice's").isEqualTo(Duration.ofSeconds(2));
    assertThat(rowan.namespace()).endsWith("_" + getClass().getSimpleName());
    notes.save(new Note("n-1", "hbase", "one"));
    assertThat(service.count("hbase")).isEqualTo(1);
    assertThat(service.count("spring")).isZero();
  }
}
