package dev.rowan.it.house;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.it.house.LayerRules.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository keeps the rules of docs/architecture.md: the main code of every module keeps the
 * layer rules of {@link LayerRules}, every package of a published module says in its
 * package-info whether it is API, SPI or internal, every public type of an API or SPI package
 * says since which version it is there, and no two types of core share a simple name.
 */
class HouseRulesTest {

  /** The modules whose jars are published, in the order they build. */
  static final List<String> PUBLISHED = List.of("mapping", "index", "core", "test-support", "mapreduce", "cli",
      "spring", "spring-boot-starter", "spring-boot-test");

  private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
  private static final Pattern TIER = Pattern.compile("\\A/\\*\\*\\s*\\*\\s*(API|SPI|Internal):");
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "^public (?:(?:final|abstract|sealed|non-sealed|static) )*(?:class|interface|record|enum|@interface) ",
      Pattern.MULTILINE);
  private static final Pattern ANY_TYPE = Pattern.compile(
      "^\\s*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed) )*"
          + "(?:class|interface|record|enum|@interface) ([A-Z]\\w*)", Pattern.MULTILINE);

  @Test
  void theMainCodeOfEveryModuleKeepsTheLayerRules() {
    List<Source> sources = mainSources();

    assertEquals("", LayerRules.check(sources).stream().map(v -> v + "\n").collect(joining()),
        "references that break a layer rule of docs/architecture.md");
    assertEquals(List.of(), LayerRules.unneededExceptions(sources),
        "exceptions in LayerRules.EXCEPTIONS that no source needs any more: remove them");
  }

  @Test
  void everyPackageOfAModuleIsOneItsLayerDeclares() {
    for (Source source : mainSources()) {
      String pkg = packageOf(source);
      assertEquals(source.module(), LayerRules.owner(pkg).orElse("no module"),
          source.path() + " is in package " + pkg + ", which LayerRules.PACKAGES does not give to module "
              + source.module());
    }
  }

  @Test
  void everyPackageOfAPublishedModuleSaysWhetherItIsApiSpiOrInternal() {
    Map<String, String> tiers = new TreeMap<>();
    for (Source source : mainSources()) {
      if (!PUBLISHED.contains(source.module())) {
        continue;
      }
      Path dir = root().resolve(source.path()).getParent();
      Path info = dir.resolve("package-info.java");
      assertTrue(Files.isRegularFile(info), root().relativize(dir) + " has no package-info.java");
      Matcher tier = TIER.matcher(read(info));
      assertTrue(tier.find(), root().relativize(info)
          + ": its Javadoc does not begin with \"API:\", \"SPI:\" or \"Internal:\"");
      String pkg = packageOf(source);
      tiers.put(pkg, tier.group(1));
      boolean internal = List.of(pkg.split("\\.")).contains("internal") || LayerRules.INTERNAL_BY_NAME.contains(pkg);
      assertEquals(internal, tier.group(1).equals("Internal"),
          root().relativize(info) + " says " + tier.group(1) + ", and the layer rules "
              + (internal ? "treat " : "do not treat ") + pkg + " as internal");
    }
    assertTrue(tiers.containsValue("API") && tiers.containsValue("SPI") && tiers.containsValue("Internal"),
        "every tier has packages: " + tiers);
  }

  @Test
  void everyPublicTypeOfAnApiOrSpiPackageSaysSinceWhichVersion() {
    List<String> missing = new ArrayList<>();
    for (Source source : mainSources()) {
      if (!PUBLISHED.contains(source.module()) || source.path().endsWith("package-info.java")) {
        continue;
      }
      Matcher tier = TIER.matcher(read(root().resolve(source.path()).getParent().resolve("package-info.java")));
      Matcher type = PUBLIC_TYPE.matcher(source.text());
      if (tier.find() && !tier.group(1).equals("Internal") && type.find()
          && !source.text().substring(0, type.start()).contains("@since ")) {
        missing.add(source.path());
      }
    }
    assertEquals(List.of(), missing, "public API and SPI types whose Javadoc has no @since");
  }

  @Test
  void noTwoTypesOfCoresMainCodeShareASimpleName() {
    Map<String, List<String>> byName = new TreeMap<>();
    for (Source source : mainSources()) {
      if (source.module().equals("core")) {
        Matcher type = ANY_TYPE.matcher(source.text());
        while (type.find()) {
          byName.computeIfAbsent(type.group(1), name -> new ArrayList<>()).add(source.path());
        }
      }
    }
    byName.values().removeIf(paths -> paths.size() < 2);
    assertEquals(Map.of(), byName, "types of core declared under one simple name more than once (nested ones too)");
  }

  static List<Source> mainSources() {
    List<Source> sources = new ArrayList<>();
    for (String module : LayerRules.LAYERS.keySet()) {
      Path main = root().resolve(module).resolve("src/main/java");
      assertTrue(Files.isDirectory(main), "module " + module + " has main code in " + root().relativize(main));
      try (Stream<Path> files = Files.walk(main)) {
        files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(p ->
            sources.add(new Source(module, root().relativize(p).toString(), read(p))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sources;
  }

  static Path root() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs")) && Files.isRegularFile(dir.resolve("pom.xml"))
          && Files.isDirectory(dir.resolve("integration-tests"))) {
        return dir;
      }
    }
    throw new IllegalStateException("run from within the repository");
  }

  private static String packageOf(Source source) {
    Matcher pkg = PACKAGE.matcher(source.text());
    assertTrue(pkg.find(), source.path() + " declares no package");
    return pkg.group(1);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
