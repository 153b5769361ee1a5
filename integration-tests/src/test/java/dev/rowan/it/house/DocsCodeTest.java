package dev.rowan.it.house;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java code the docs show is code that compiles and runs: every {@code ```java} block of a
 * checked document appears, line for line (indentation and blank lines aside), in a Java source
 * of the repository's tests or examples. (docs/row-keys.md is checked the same way, against its
 * own test, by RowKeyGuideExamplesTest.)
 */
class DocsCodeTest {

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"docs/queries.md", "docs/testing.md", "docs/getting-started.md", "docs/bulk-load.md",
      "docs/writes.md", "docs/observability.md"})
  void everyJavaBlockOfTheDocumentIsInATestedSource(String document) throws IOException {
    Path root = repositoryRoot();
    String text = Files.readString(root.resolve(document));
    List<String> sources = sources(root);
    Matcher blocks = JAVA_BLOCK.matcher(text);
    int count = 0;
    while (blocks.find()) {
      count++;
      String block = normalized(blocks.group(1));
      assertTrue(sources.stream().anyMatch(source -> source.contains(block)),
          document + " shows code that no test or example holds:\n" + blocks.group(1));
    }
    assertTrue(count > 0, document + " has Java blocks to check");
  }

  private static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs")) && Files.isRegularFile(dir.resolve("pom.xml"))
          && Files.isDirectory(dir.resolve("integration-tests"))) {
        return dir;
      }
    }
    throw new IllegalStateException("run from within the repository");
  }

  private static List<String> sources(Path root) throws IOException {
    List<String> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> p.toString().contains("/src/test/java/") || p.toString().contains("/examples/src/"))
          .forEach(p -> {
            try {
              sources.add(normalized(Files.readString(p)));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
    assertFalse(sources.isEmpty(), "the repository's sources are there");
    return sources;
  }

  private static String normalized(String code) {
    return code.lines().map(String::strip).filter(line -> !line.isEmpty())
        .collect(Collectors.joining("\n", "\n", "\n"));
  }
}
