package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.core.SchemaReport;
import dev.rowan.spring.boot.autoconfigure.RowanProperties.Schema.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** What a failed schema step says, and how the failure analyzer presents it. */
class RowanSchemaValidationExceptionTest {

  private static final List<SchemaReport> REPORTS = List.of(
      new SchemaReport("Book", List.of("Table shop:books does not exist.")),
      new SchemaReport("Order", List.of("Table shop:orders, column family 'd': max versions is 3, the mapping says 1",
          "Table shop:orders.seller does not exist.")));

  @Test
  void namesTheModeTheNamespaceEachEntityAndEachDifference() {
    RowanSchemaValidationException e = RowanSchemaValidationException.of(Mode.VALIDATE, "shop", REPORTS);

    assertThat(e.getMessage()).isEqualTo("""
        rowan.schema.mode=validate: the tables of 2 entities in namespace shop do not match their mappings:
          Book:
            - Table shop:books does not exist.
          Order:
            - Table shop:orders, column family 'd': max versions is 3, the mapping says 1
            - Table shop:orders.seller does not exist.""");
    assertThat(e.reports()).isEqualTo(REPORTS);
    assertThat(e.mode()).isEqualTo(Mode.VALIDATE);
  }

  @Test
  void namesTheDefaultNamespaceWhenNoneIsSet() {
    assertThat(RowanSchemaValidationException.of(Mode.CREATE, null, REPORTS.subList(0, 1)).getMessage())
        .startsWith("rowan.schema.mode=create: the tables of 1 entity in namespace default do not match its mapping:");
  }

  @Test
  void theFailureAnalysisDescribesTheDifferencesAndSaysWhatToDo() {
    RowanSchemaValidationException validate = RowanSchemaValidationException.of(Mode.VALIDATE, "shop", REPORTS);
    FailureAnalysis analysis = new RowanSchemaFailureAnalyzer()
        .analyze(new IllegalStateException("context failed", validate));

    assertThat(analysis.getDescription()).isEqualTo(validate.getMessage());
    assertThat(analysis.getAction()).contains("rowan.schema.mode=create").contains("rowan.schema.mode=none");
    assertThat(new RowanSchemaFailureAnalyzer()
        .analyze(RowanSchemaValidationException.of(Mode.CREATE, "shop", REPORTS)).getAction())
        .contains("never changed by rowan.schema.mode=create");
  }
}
