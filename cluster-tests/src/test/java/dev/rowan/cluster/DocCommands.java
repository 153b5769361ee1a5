package dev.rowan.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cluster commands of the docs: each {@code sh} block that follows a line
 * {@code <!-- cluster-test: name -->} in a page of docs/, by name. The test runs these blocks as
 * they are written, so the docs cannot drift from what works.
 */
final class DocCommands {

  private static final Pattern BLOCK = Pattern.compile(
      "<!-- cluster-test: ([a-z0-9-]+) -->\\s*\\n```sh\\n(.*?)\\n```", Pattern.DOTALL);

  /** A fenced block of a shell session or command, marked or not. */
  private static final Pattern ANY_SH_BLOCK = Pattern.compile("```sh\\n(.*?)\\n```", Pattern.DOTALL);

  private final Map<String, String> commands;

  private DocCommands(Map<String, String> commands) {
    this.commands = commands;
  }

  /** The marked blocks of every page of {@code docs}. */
  static DocCommands read(Path docs) throws IOException {
    Map<String, String> commands = new LinkedHashMap<>();
    for (Path page : pages(docs)) {
      Matcher block = BLOCK.matcher(Files.readString(page));
      while (block.find()) {
        if (commands.put(block.group(1), block.group(2)) != null) {
          throw new IllegalStateException("two blocks named " + block.group(1) + " in docs/");
        }
      }
    }
    return new DocCommands(commands);
  }

  /** The block named {@code name}. */
  String get(String name) {
    String command = commands.get(name);
    if (command == null) {
      throw new IllegalStateException("docs/ has no block marked <!-- cluster-test: " + name + " -->");
    }
    return command;
  }

  /** The names of all marked blocks. */
  java.util.Set<String> names() {
    return commands.keySet();
  }

  /**
   * The {@code sh} blocks of the docs that run a cluster command ({@code hadoop jar},
   * {@code yarn jar}, {@code hdfs dfs}, or the CLI with {@code --config}) but are not marked:
   * commands nobody runs, which the test refuses.
   */
  static List<String> unmarkedClusterCommands(Path docs) throws IOException {
    List<String> unmarked = new java.util.ArrayList<>();
    for (Path page : pages(docs)) {
      String text = Files.readString(page);
      Matcher block = ANY_SH_BLOCK.matcher(text);
      while (block.find()) {
        String body = block.group(1);
        boolean cluster = body.contains("hadoop jar") || body.contains("yarn jar") || body.contains("hdfs dfs")
            || body.contains("bin/rowan");
        String before = text.substring(Math.max(0, block.start() - 80), block.start());
        if (cluster && !before.contains("<!-- cluster-test: ")) {
          unmarked.add(page.getFileName() + ": " + body.lines().findFirst().orElse(""));
        }
      }
    }
    return unmarked;
  }

  private static List<Path> pages(Path docs) throws IOException {
    try (var files = Files.list(docs)) {
      return files.filter(file -> file.toString().endsWith(".md")).sorted().toList();
    }
  }
}
