package dev.rowan.it.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md names only classes that exist: every name in backquotes that reads as a
 * Rowan type ({@code ViewReader}, {@code WriteDecision.ofSave}, {@code @AllowScan}) is a Java
 * source of the repository, and a member it names appears in that source.
 */
class ArchitectureDocTest {

  /**
   * Names in backquotes that are not Rowan's types: HBase's classes, a query keyword, JSpecify's
   * annotations and a NullAway option.
   */
  private static final Set<String> NOT_ROWAN_TYPES = Set.of("Put", "Result", "Or", "NullMarked", "Nullable",
      "OnlyNullMarked");

  private static final Pattern QUOTED = Pattern.compile("`@?([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)((?:\\.[A-Za-z_][A-Za-z0-9_]*)*)`");

  @Test
  void everyClassTheArchitecturePageNamesExists() throws IOException {
    Path root = HouseRulesTest.root();
    Map<String, Path> types = types(root);
    Matcher quoted = QUOTED.matcher(Files.readString(root.resolve("docs/architecture.md")));
    List<String> missing = new ArrayList<>();
    int checked = 0;
    while (quoted.find()) {
      String type = quoted.group(1);
      if (NOT_ROWAN_TYPES.contains(type)) {
        continue;
      }
      checked++;
      Path source = types.get(type);
      if (source == null) {
        missing.add(quoted.group() + ": no " + type + ".java in the repository");
        continue;
      }
      for (String member : quoted.group(2).split("\\.")) {
        if (!member.isEmpty() && !Files.readString(source).contains(member)) {
          missing.add(quoted.group() + ": " + root.relativize(source) + " has no " + member);
        }
      }
    }
    assertEquals(List.of(), missing, "names in docs/architecture.md that are not Rowan's");
    assertTrue(checked > 50, "the page names Rowan's classes: " + checked);
  }

  private static Map<String, Path> types(Path root) throws IOException {
    Map<String, Path> types = new HashMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/"))
          .forEach(p -> types.put(p.getFileName().toString().replace(".java", ""), p));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return types;
  }
}
