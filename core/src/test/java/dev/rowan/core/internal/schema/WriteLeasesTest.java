package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

class WriteLeasesTest {

  private static final TableName MAIN = TableName.valueOf("shop", "orders");

  @Test
  void aRecordedLeaseIsReadBackAndKeepsTheRecordsOtherValues() {
    TableRecord record = TableRecord.empty(MAIN).with("rowan.layout", "v1");

    TableRecord leased = WriteLeases.with(record, Duration.ofSeconds(90));

    assertEquals(Optional.of(Duration.ofSeconds(90)), WriteLeases.of(leased));
    assertEquals("v1", leased.value("rowan.layout"));
    assertEquals(Optional.empty(), WriteLeases.of(record));
    assertEquals(Optional.empty(), WriteLeases.of(null));
  }

  @Test
  void everyClientUsesTheRecordedLeaseWhateverItsOwn() {
    Optional<Duration> recorded = Optional.of(Duration.ofSeconds(60));

    assertEquals(
        Duration.ofSeconds(60), WriteLeases.effective(MAIN, recorded, Duration.ofMillis(300)));
    assertEquals(
        Duration.ofSeconds(60), WriteLeases.effective(MAIN, recorded, Duration.ofMinutes(5)));
  }

  @Test
  void aTableThatRecordsNoLeaseLeavesEachClientItsOwn() {
    assertEquals(
        Duration.ofMillis(300),
        WriteLeases.effective(MAIN, Optional.empty(), Duration.ofMillis(300)));
  }
}
