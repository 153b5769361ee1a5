package dev.rowan.it.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.it.house.LayerRules.Allowance;
import dev.rowan.it.house.LayerRules.Source;
import dev.rowan.it.house.LayerRules.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The layer rules checker fails on each rule broken, naming the file, the import and the rule. */
class LayerRulesTest {

  @ParameterizedTest(name = "{0} importing {1} breaks the rule that {2}")
  @CsvSource(delimiter = '|', value = {
      "mapping      | dev.rowan.index.ViewModel                            | mapping is the bottom layer",
      "mapping      | dev.rowan.core.Rowan                                 | mapping is the bottom layer",
      "index        | dev.rowan.core.Rowan                                 | index sits on mapping only",
      "index        | dev.rowan.core.internal.repository.EntityStore       | index sits on mapping only",
      "core         | dev.rowan.mapreduce.BulkLoad                         | core sits on mapping and index",
      "core         | dev.rowan.test.HBaseTest                             | core sits on mapping and index",
      "core         | dev.rowan.embedded.EmbeddedHBase                     | core sits on mapping and index",
      "core         | dev.rowan.examples.Order                             | core sits on mapping and index",
      "mapreduce    | dev.rowan.test.ViewAudit                             | mapreduce's main code sits on core",
      "mapreduce    | dev.rowan.embedded.HBaseEndpoint                     | mapreduce's main code sits on core",
      "mapreduce    | dev.rowan.core.internal.query.plan.QueryPlanner      | no module refers to another module's internal package",
      "cli          | dev.rowan.core.internal.repository.RepositoryFactory | no module refers to another module's internal package",
      "cli          | dev.rowan.mapreduce.internal.load.LoadDriver         | no module refers to another module's internal package",
      "core         | dev.rowan.mapping.internal.AccessorFactory           | no module refers to another module's internal package",
      "mapreduce    | dev.rowan.core.internal.schema.SchemaAdmin           | no module refers to another module's internal package",
      "test-support | dev.rowan.core.internal.query.plan.PlanText          | no module refers to another module's internal package",
  })
  void anImportThatBreaksARuleIsReportedWithTheFileTheImportAndTheRule(String module, String imported, String rule) {
    String path = module + "/src/main/java/dev/rowan/Broken.java";
    List<Violation> violations = LayerRules.check(List.of(new Source(module, path,
        "package dev.rowan.broken;\n\nimport java.util.List;\nimport " + imported + ";\n\nclass Broken {}\n")));

    assertEquals(1, violations.size(), violations.toString());
    String message = violations.get(0).toString();
    assertTrue(message.startsWith(path + ":4 imports " + imported + ", which breaks the rule: " + rule), message);
  }

  @Test
  void aStaticImportAndAFullyQualifiedNameInCodeAreReportedToo() {
    List<Violation> violations = LayerRules.check(List.of(source("index",
        "package dev.rowan.index;\n"
            + "import static dev.rowan.core.Rowan.DEFAULT_WRITE_LEASE;\n"
            + "class Broken {\n"
            + "  Object rowan = dev.rowan.core.Rowan.class;\n"
            + "}\n")));

    assertEquals(List.of(
            "index/Broken.java:2 imports dev.rowan.core.Rowan.DEFAULT_WRITE_LEASE, which breaks the rule: "
                + LayerRules.LAYERS.get("index").rule(),
            "index/Broken.java:4 refers to dev.rowan.core.Rowan.class, which breaks the rule: "
                + LayerRules.LAYERS.get("index").rule()),
        violations.stream().map(Violation::toString).toList());
  }

  @Test
  void namesInCommentsAndStringLiteralsAreNotReferences() {
    assertEquals(List.of(), LayerRules.check(List.of(source("mapping",
        "package dev.rowan.mapping;\n"
            + "/** Read by {@link dev.rowan.core.Rowan}. */\n"
            + "class Fine {\n"
            + "  // dev.rowan.core.internal.repository.EntityStore writes it\n"
            + "  String name = \"dev.rowan.index.ViewModel\";\n"
            + "  String block = \"\"\"\n      dev.rowan.core.internal.read.QueryCursor \"quoted\"\n      \"\"\";\n"
            + "  char quote = '\"'; String after = \"dev.rowan.core.Rowan\";\n"
            + "}\n"))));
  }

  @Test
  void aModuleMayImportItsOwnInternalPackagesAndTheLayersBelow() {
    assertEquals(List.of(), LayerRules.check(List.of(source("core",
        "package dev.rowan.core;\n"
            + "import dev.rowan.core.internal.repository.EntityStore;\n"
            + "import dev.rowan.core.internal.query.plan.QueryPlanner;\n"
            + "import dev.rowan.core.internal.schema.SchemaAdmin;\n"
            + "import dev.rowan.index.ViewModel;\n"
            + "import dev.rowan.mapping.EntityModel;\n"
            + "import dev.rowan.RowanException;\n"
            + "class Fine {}\n"))));
  }

  /** An exception of the kind the list once held (and may hold again). */
  private static final List<Allowance> AUDIT_READS_THE_STORE = List.of(new Allowance("test-support",
      "dev.rowan.core.internal.repository.EntityStore", "ViewAudit reads view rows through the store"));

  @Test
  void aListedExceptionIsAllowedInItsModuleOnly() {
    String viewAudit = "package dev.rowan.test;\nimport dev.rowan.core.internal.repository.EntityStore;\nclass ViewAudit {}\n";

    assertEquals(List.of(), LayerRules.check(List.of(source("test-support", viewAudit)), AUDIT_READS_THE_STORE));
    assertEquals(List.of("mapreduce/Broken.java:2 imports dev.rowan.core.internal.repository.EntityStore, which breaks the rule: "
            + LayerRules.INTERNAL_RULE),
        LayerRules.check(List.of(source("mapreduce", viewAudit)), AUDIT_READS_THE_STORE).stream()
            .map(Violation::toString).toList());
    assertEquals(1, LayerRules.check(List.of(source("test-support", viewAudit))).size(),
        "not allowed without the exception");
  }

  @Test
  void anExceptionThatNothingNeedsAnyMoreIsReported() {
    List<Source> sources = List.of(source("test-support",
        "package dev.rowan.test;\nimport dev.rowan.core.Rowan;\nclass ViewAudit {}\n"));

    assertEquals(List.of(), LayerRules.check(sources, AUDIT_READS_THE_STORE));
    assertEquals(AUDIT_READS_THE_STORE, LayerRules.unneededExceptions(sources, AUDIT_READS_THE_STORE));
  }

  @Test
  void aModuleWithoutALayerIsRefusedByName() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> LayerRules.check(List.of(new Source("plugins", "plugins/A.java", "class A {}"))));
    assertEquals("plugins/A.java: module plugins has no layer in LayerRules.LAYERS; add it", refused.getMessage());
  }

  @ParameterizedTest(name = "{0}''s internal.{1} importing {2} breaks the order of its internal packages")
  @CsvSource(delimiter = '|', value = {
      "core      | read        | dev.rowan.core.internal.write.ProtocolWriter",
      "core      | write       | dev.rowan.core.internal.read.QueryCursor",
      "core      | plumbing    | dev.rowan.core.internal.context.StoreContext",
      "core      | schema      | dev.rowan.core.internal.repository.EntityStore",
      "core      | context     | dev.rowan.core.internal.write.PlainWriter",
      "core      | query.parse | dev.rowan.core.internal.query.plan.QueryPlanner",
      "core      | query.check | dev.rowan.core.internal.query.plan.AccessPlan",
      "core      | query.plan  | dev.rowan.core.internal.read.QueryCall",
      "core      | read        | dev.rowan.core.internal.repository.EntityStore",
      "core      | repository  | dev.rowan.core.internal.period.PeriodStores",
      "core      | write       | dev.rowan.core.internal.SomeType",
      "mapreduce | load        | dev.rowan.mapreduce.internal.view.ViewJobs",
      "mapreduce | view        | dev.rowan.mapreduce.internal.load.LoadDriver",
      "mapreduce | hfile       | dev.rowan.mapreduce.internal.load.BulkLoadSettings",
      "mapreduce | hfile       | dev.rowan.mapreduce.internal.view.ViewJobs",
      "mapreduce | job         | dev.rowan.mapreduce.internal.hfile.HFileOutput",
      "mapreduce | job         | dev.rowan.mapreduce.internal.SomeType",
  })
  void anInternalPackageThatImportsOneAboveOrBesideItIsReportedWithTheFileAndTheRule(String module, String from,
      String imported) {
    LayerRules.InternalOrder order = LayerRules.INTERNAL_ORDERS.get(module);
    String path = module + "/src/main/java/" + order.root().replace('.', '/') + "/" + from.replace('.', '/')
        + "/Broken.java";
    List<Violation> violations = LayerRules.check(List.of(new Source(module, path,
        "package " + order.root() + "." + from + ";\n\nimport java.util.List;\nimport " + imported
            + ";\n\nclass Broken {}\n")));

    assertEquals(1, violations.size(), violations.toString());
    assertEquals(path + ":4 imports " + imported + ", which breaks the rule: "
        + order.floors().get(from).rule(), violations.get(0).toString());
    assertTrue(violations.get(0).rule().startsWith("inside " + module + ", internal." + from + " refers only to"),
        violations.get(0).rule());
  }

  @Test
  void aFullyQualifiedNameOfAHigherInternalPackageOfCoreIsReportedToo() {
    List<Violation> violations = LayerRules.check(List.of(new Source("core", "core/Broken.java",
        "package dev.rowan.core.internal.write;\n"
            + "class Broken {\n"
            + "  Object cursor = dev.rowan.core.internal.read.QueryCursor.class;\n"
            + "}\n")));

    assertEquals(List.of("core/Broken.java:3 refers to dev.rowan.core.internal.read.QueryCursor.class, which breaks "
        + "the rule: " + LayerRules.CORE_ORDER.get("write").rule()), violations.stream().map(Violation::toString).toList());
  }

  @Test
  void anInternalPackageOfCoreMayImportThePackagesBelowItAndCoresApi() {
    assertEquals(List.of(), LayerRules.check(List.of(new Source("core", "core/Fine.java",
        "package dev.rowan.core.internal.period;\n"
            + "import dev.rowan.core.DataAccessException;\n"
            + "import dev.rowan.core.internal.repository.EntityStore;\n"
            + "import dev.rowan.core.internal.read.PageTokens;\n"
            + "import dev.rowan.core.internal.write.EntityChange;\n"
            + "import dev.rowan.core.internal.context.StoreContext;\n"
            + "import dev.rowan.core.internal.schema.PeriodSchema;\n"
            + "import dev.rowan.core.internal.plumbing.HBaseCalls;\n"
            + "import dev.rowan.core.internal.query.plan.PeriodRange;\n"
            + "import dev.rowan.core.internal.period.PeriodStreams;\n"
            + "class Fine {}\n"), new Source("core", "core/Api.java",
        "package dev.rowan.core;\n"
            + "import dev.rowan.core.internal.period.PeriodStorage;\n"
            + "import dev.rowan.core.internal.plumbing.HBaseCalls;\n"
            + "class Api {}\n"))));
  }

  @Test
  void anInternalPackageOfCoreWithoutAPlaceInTheOrderIsReportedByName() {
    List<Violation> violations = LayerRules.check(List.of(
        new Source("core", "core/src/main/java/dev/rowan/core/internal/misc/Helper.java",
            "/** A helper. */\npackage dev.rowan.core.internal.misc;\n\nclass Helper {}\n"),
        new Source("core", "core/src/main/java/dev/rowan/core/internal/Loose.java",
            "package dev.rowan.core.internal;\nclass Loose {}\n"),
        new Source("core", "core/src/main/java/dev/rowan/core/internal/package-info.java",
            "/** Internal: the overview. */\npackage dev.rowan.core.internal;\n")));

    assertEquals(List.of(
            "core/src/main/java/dev/rowan/core/internal/misc/Helper.java:2 refers to dev.rowan.core.internal.misc, "
                + "which breaks the rule: " + LayerRules.CORE_PLACE_RULE,
            "core/src/main/java/dev/rowan/core/internal/Loose.java:1 refers to dev.rowan.core.internal, "
                + "which breaks the rule: " + LayerRules.CORE_PLACE_RULE),
        violations.stream().map(Violation::toString).toList());
  }

  @Test
  void theOrderOfEachModulesInternalPackagesPutsEveryPackageAboveThoseItSitsOn() {
    for (LayerRules.InternalOrder order : LayerRules.INTERNAL_ORDERS.values()) {
      List<String> names = List.copyOf(order.floors().keySet());
      for (LayerRules.Floor floor : order.floors().values()) {
        for (String lower : floor.below()) {
          assertTrue(names.indexOf(lower) < names.indexOf(floor.name()), floor.name() + " sits on " + lower);
        }
      }
    }
    assertTrue(!LayerRules.CORE_ORDER.get("read").below().contains("write")
        && !LayerRules.CORE_ORDER.get("write").below().contains("read"), "read and write are side by side");
    assertTrue(!LayerRules.MAPREDUCE_ORDER.get("load").below().contains("view")
        && !LayerRules.MAPREDUCE_ORDER.get("view").below().contains("load"), "load and view are side by side");
  }

  @Test
  void anInternalPackageOfMapreduceMayImportThePackagesBelowItAndMapreducesApi() {
    assertEquals(List.of(), LayerRules.check(List.of(new Source("mapreduce", "mapreduce/Fine.java",
        "package dev.rowan.mapreduce.internal.view;\n"
            + "import dev.rowan.mapreduce.VerifyViews;\n"
            + "import dev.rowan.mapreduce.internal.hfile.HFileOutput;\n"
            + "import dev.rowan.mapreduce.internal.job.JobCredentials;\n"
            + "import dev.rowan.mapreduce.internal.view.ViewBatch;\n"
            + "class Fine {}\n"))));
  }

  @Test
  void anInternalPackageOfMapreduceWithoutAPlaceInTheOrderIsReportedByName() {
    List<Violation> violations = LayerRules.check(List.of(
        new Source("mapreduce", "mapreduce/src/main/java/dev/rowan/mapreduce/internal/misc/Helper.java",
            "package dev.rowan.mapreduce.internal.misc;\nclass Helper {}\n")));

    assertEquals(List.of("mapreduce/src/main/java/dev/rowan/mapreduce/internal/misc/Helper.java:1 refers to "
            + "dev.rowan.mapreduce.internal.misc, which breaks the rule: " + LayerRules.MAPREDUCE_PLACE_RULE),
        violations.stream().map(Violation::toString).toList());
  }

  private static Source source(String module, String text) {
    return new Source(module, module + "/Broken.java", text);
  }
}
