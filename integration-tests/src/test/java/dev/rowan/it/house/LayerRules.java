package dev.rowan.it.house;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The layer rules of docs/architecture.md, as data, and a checker of Java sources against them.
 *
 * <p>Each module's main code may refer only to the Rowan modules below it ({@link #LAYERS}), and
 * never to another module's internal package: one with a segment named {@code internal}, or one
 * listed in {@link #INTERNAL_BY_NAME}. A reference is an import (static or not) or a fully
 * qualified name in code; comments and string literals do not count. The few references that
 * break a rule today are listed, each with its reason, in {@link #EXCEPTIONS}.
 *
 * <p>Inside core, the internal packages keep an order ({@link #CORE_ORDER}): each refers only to
 * those below it, and the read path and the write path never refer to each other. Inside
 * mapreduce, they keep one too ({@link #MAPREDUCE_ORDER}): the bulk load and the view jobs never
 * refer to each other.
 *
 * <p>Thread-safety: immutable.
 */
final class LayerRules {

  /** The Java packages each module's main code declares, by module folder. */
  static final Map<String, List<String>> PACKAGES = Map.ofEntries(
      Map.entry("mapping", List.of("dev.rowan.mapping", "dev.rowan")),
      Map.entry("index", List.of("dev.rowan.index")),
      Map.entry("core", List.of("dev.rowan.core")),
      Map.entry("test-support", List.of("dev.rowan.test", "dev.rowan.embedded")),
      Map.entry("mapreduce", List.of("dev.rowan.mapreduce")),
      Map.entry("cli", List.of("dev.rowan.cli")),
      Map.entry("examples", List.of("dev.rowan.examples")),
      Map.entry("spring", List.of("dev.rowan.spring")),
      Map.entry("spring-boot-starter", List.of("dev.rowan.spring.boot")),
      Map.entry("spring-boot-test", List.of("dev.rowan.spring.boot.test")),
      Map.entry("examples-spring", List.of("dev.rowan.examples.spring")));

  /** The modules whose packages each module's main code may refer to, besides its own. */
  static final Map<String, Layer> LAYERS = Map.ofEntries(
      Map.entry("mapping", new Layer(Set.of(),
          "mapping is the bottom layer: it refers to no other Rowan module")),
      Map.entry("index", new Layer(Set.of("mapping"),
          "index sits on mapping only: it never refers to core or anything above")),
      Map.entry("core", new Layer(Set.of("mapping", "index"),
          "core sits on mapping and index: it never refers to mapreduce, test-support, cli, Spring or examples")),
      Map.entry("test-support", new Layer(Set.of("mapping", "index", "core"),
          "test-support sits on core: it never refers to mapreduce, cli, Spring or examples")),
      Map.entry("mapreduce", new Layer(Set.of("mapping", "index", "core"),
          "mapreduce's main code sits on core: it never refers to test-support (its tests may), cli or examples")),
      Map.entry("cli", new Layer(Set.of("mapping", "index", "core", "test-support", "mapreduce"),
          "cli sits on core, test-support and mapreduce: it never refers to examples")),
      Map.entry("examples", new Layer(Set.of("mapping", "index", "core", "test-support", "mapreduce", "cli"),
          "examples sit on every published module but the Spring ones")),
      Map.entry("spring", new Layer(Set.of("mapping", "index", "core"),
          "spring (Spring Data) sits on core: it never refers to Boot, test-support or examples")),
      Map.entry("spring-boot-starter", new Layer(Set.of("mapping", "index", "core", "spring", "test-support"),
          "the starter sits on spring, and on test-support for the embedded HBase: never on mapreduce or examples")),
      Map.entry("spring-boot-test", new Layer(Set.of("mapping", "index", "core", "spring", "spring-boot-starter",
          "test-support"), "the test slice sits on the starter and test-support")),
      Map.entry("examples-spring", new Layer(Set.of("mapping", "index", "core", "spring", "spring-boot-starter",
          "test-support"), "the Boot example sits on the starter")));

  /** The rule that keeps internal packages internal. */
  static final String INTERNAL_RULE =
      "no module refers to another module's internal package (a package segment named internal, or "
          + "a package internal by name)";

  /**
   * Packages that are internal although no segment of their name says so: none since core's schema
   * implementation moved to {@code dev.rowan.core.internal.schema}; a package added here is internal for
   * every other module all the same.
   */
  static final Set<String> INTERNAL_BY_NAME = Set.of();

  /** The references that break a rule today, each allowed in one module for a stated reason: none. */
  static final List<Allowance> EXCEPTIONS = List.of();

  /** Core's internal packages, whose order {@link #CORE_ORDER} gives. */
  static final String CORE_INTERNAL = "dev.rowan.core.internal";

  /**
   * The order of core's internal packages (named below {@link #CORE_INTERNAL}), bottom first: each
   * may refer to the internal packages given with it, all of them lower, and to core's API packages;
   * never to one beside or above it. {@code read} and {@code write}, the two paths of
   * docs/architecture.md, sit side by side and never refer to each other; the query packages are
   * pure and refer to no other internal package but the query packages below them. A new internal
   * package of core gets its place here.
   */
  static final Map<String, Floor> CORE_ORDER = floors(
      floor("plumbing"),
      floor("schema", "plumbing"),
      floor("context", "plumbing", "schema"),
      floor("write", "plumbing", "schema", "context"),
      floor("query.parse"),
      floor("query.check", "query.parse"),
      floor("query.plan", "query.parse", "query.check"),
      floor("read", "plumbing", "schema", "context", "query.parse", "query.check", "query.plan"),
      floor("repository", "plumbing", "schema", "context", "write", "query.parse", "query.check", "query.plan",
          "read"),
      floor("period", "plumbing", "schema", "context", "write", "query.parse", "query.check", "query.plan", "read",
          "repository"));

  /** The rule that every internal package of core has its place in {@link #CORE_ORDER}. */
  static final String CORE_PLACE_RULE = "every internal package of core has its place in LayerRules.CORE_ORDER, "
      + "and " + CORE_INTERNAL + " itself holds no types";

  /** Mapreduce's internal packages, whose order {@link #MAPREDUCE_ORDER} gives. */
  static final String MAPREDUCE_INTERNAL = "dev.rowan.mapreduce.internal";

  /**
   * The order of mapreduce's internal packages (named below {@link #MAPREDUCE_INTERNAL}), bottom
   * first, as {@link #CORE_ORDER} gives core's: {@code job}, the plumbing every job shares; {@code
   * hfile}, the HFile half of the jobs that write rows; {@code load} (the bulk load) and {@code view}
   * (the view jobs), which sit side by side and never refer to each other. A new internal package of
   * mapreduce gets its place here.
   */
  static final Map<String, Floor> MAPREDUCE_ORDER = floors(
      mapreduceFloor("job"),
      mapreduceFloor("hfile", "job"),
      mapreduceFloor("load", "job", "hfile"),
      mapreduceFloor("view", "job", "hfile"));

  /** The rule that every internal package of mapreduce has its place in {@link #MAPREDUCE_ORDER}. */
  static final String MAPREDUCE_PLACE_RULE = "every internal package of mapreduce has its place in "
      + "LayerRules.MAPREDUCE_ORDER, and " + MAPREDUCE_INTERNAL + " itself holds no types";

  /** The modules whose internal packages keep an order, with it. */
  static final Map<String, InternalOrder> INTERNAL_ORDERS = Map.of(
      "core", new InternalOrder(CORE_INTERNAL, CORE_ORDER, CORE_PLACE_RULE),
      "mapreduce", new InternalOrder(MAPREDUCE_INTERNAL, MAPREDUCE_ORDER, MAPREDUCE_PLACE_RULE));

  private static final String ROOT = "dev.rowan";
  private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.rowan(?:\\.[A-Za-z_$][\\w$]*)+");
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+[\\w.]+\\s*;", Pattern.MULTILINE);
  private static final Pattern DECLARED = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
  private static final Pattern IMPORT = Pattern.compile("^\\s*import\\b");

  private LayerRules() {}

  /**
   * The layer a module sits in: the modules below it, and the rule in words.
   *
   * @param below the modules it may refer to
   * @param rule the rule, as a violation message names it
   */
  record Layer(Set<String> below, String rule) {}

  /**
   * The place of one internal package of core.
   *
   * @param name the package, below {@link #CORE_INTERNAL} ({@code read}, {@code query.plan})
   * @param below the internal packages of core it may refer to
   * @param rule the rule, as a violation message names it
   */
  record Floor(String name, Set<String> below, String rule) {}

  private static Floor floor(String name, String... below) {
    return place("core", "CORE_ORDER", "read and write", name, below);
  }

  private static Floor mapreduceFloor(String name, String... below) {
    return place("mapreduce", "MAPREDUCE_ORDER", "load and view", name, below);
  }

  private static Floor place(String module, String order, String sideBySide, String name, String[] below) {
    return new Floor(name, Set.of(below), "inside " + module + ", internal." + name + " refers only to the internal "
        + "packages below it (" + (below.length == 0 ? "none" : String.join(", ", below)) + "): " + sideBySide
        + " never refer to each other, and no package refers to one above it (LayerRules." + order + ")");
  }

  private static Map<String, Floor> floors(Floor... floors) {
    Map<String, Floor> byName = new java.util.LinkedHashMap<>();
    for (Floor floor : floors) {
      for (String lower : floor.below()) {
        if (!byName.containsKey(lower)) {
          throw new IllegalStateException(floor.name() + " sits on " + lower + ", which is not below it");
        }
      }
      byName.put(floor.name(), floor);
    }
    return java.util.Collections.unmodifiableMap(byName);
  }

  /**
   * The order of one module's internal packages.
   *
   * @param root the package they sit below ({@code dev.rowan.core.internal})
   * @param floors their places, by name below {@code root}
   * @param placeRule the rule that every one of them has its place
   */
  record InternalOrder(String root, Map<String, Floor> floors, String placeRule) {}

  /**
   * A reference allowed although it breaks a rule.
   *
   * @param module the module whose main code makes it
   * @param reference the fully qualified name referred to
   * @param reason why it is allowed, and until when
   */
  record Allowance(String module, String reference, String reason) {}

  /**
   * One Java source of a module's main code.
   *
   * @param module the module folder
   * @param path the path of the file, as a message names it
   * @param text the source text
   */
  record Source(String module, String path, String text) {}

  /**
   * A reference that breaks a rule.
   *
   * @param path the file that makes it
   * @param line its line number
   * @param reference the fully qualified name referred to
   * @param imported whether it is an import (otherwise a name in code)
   * @param rule the rule it breaks
   */
  record Violation(String path, int line, String reference, boolean imported, String rule) {
    @Override
    public String toString() {
      return path + ":" + line + (imported ? " imports " : " refers to ") + reference
          + ", which breaks the rule: " + rule;
    }
  }

  /** Every reference of the given sources that breaks a rule and is not one of {@link #EXCEPTIONS}. */
  static List<Violation> check(List<Source> sources) {
    return check(sources, EXCEPTIONS);
  }

  /** Every reference of the given sources that breaks a rule and is not one of {@code exceptions}. */
  static List<Violation> check(List<Source> sources, List<Allowance> exceptions) {
    List<Violation> violations = new ArrayList<>();
    for (Source source : sources) {
      for (Violation violation : violations(source)) {
        if (allowance(exceptions, source, violation).isEmpty()) {
          violations.add(violation);
        }
      }
    }
    return violations;
  }

  /**
   * The exceptions that none of the given sources needs any more: each should leave {@link
   * #EXCEPTIONS}, so that the list only shrinks.
   */
  static List<Allowance> unneededExceptions(List<Source> sources) {
    return unneededExceptions(sources, EXCEPTIONS);
  }

  /** The {@code exceptions} that none of the given sources needs. */
  static List<Allowance> unneededExceptions(List<Source> sources, List<Allowance> exceptions) {
    List<Allowance> used = new ArrayList<>();
    for (Source source : sources) {
      for (Violation violation : violations(source)) {
        allowance(exceptions, source, violation).ifPresent(used::add);
      }
    }
    return exceptions.stream().filter(exception -> !used.contains(exception)).toList();
  }

  private static Optional<Allowance> allowance(List<Allowance> exceptions, Source source, Violation violation) {
    return exceptions.stream()
        .filter(e -> e.module().equals(source.module()) && within(violation.reference(), e.reference()))
        .findFirst();
  }

  /** The references of one source that break a rule, exceptions included. */
  static List<Violation> violations(Source source) {
    Layer layer = LAYERS.get(source.module());
    if (layer == null) {
      throw new IllegalArgumentException(source.path() + ": module " + source.module()
          + " has no layer in LayerRules.LAYERS; add it");
    }
    List<Violation> found = new ArrayList<>();
    String declared = declaredPackage(source.text());
    Floor floor = null;
    InternalOrder order = INTERNAL_ORDERS.get(source.module());
    if (order != null && within(declared, order.root())) {
      floor = order.floors().get(declared.equals(order.root()) ? "" : declared.substring(order.root().length() + 1));
      boolean typeless = declared.equals(order.root()) && source.path().endsWith("package-info.java");
      if (floor == null && !typeless) {
        found.add(new Violation(source.path(), packageLine(source.text()), declared, false, order.placeRule()));
      }
    }
    String code = PACKAGE.matcher(codeOnly(source.text())).replaceFirst("");
    String[] lines = code.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher reference = REFERENCE.matcher(lines[i]);
      boolean imported = IMPORT.matcher(lines[i]).find();
      while (reference.find()) {
        String name = reference.group();
        String owner = owner(name).orElse(null);
        if (owner != null && owner.equals(source.module()) && floor != null) {
          String pkg = packageOf(name);
          String root = order.root();
          String own = root + "." + floor.name();
          if (within(pkg, root) && !within(pkg, own) && !floor.below().stream()
              .anyMatch(lower -> within(pkg, root + "." + lower))) {
            found.add(new Violation(source.path(), i + 1, name, imported, floor.rule()));
          }
        }
        if (owner == null || owner.equals(source.module())) {
          continue;
        }
        if (!layer.below().contains(owner)) {
          found.add(new Violation(source.path(), i + 1, name, imported, layer.rule()));
        } else if (internal(name)) {
          found.add(new Violation(source.path(), i + 1, name, imported, INTERNAL_RULE));
        }
      }
    }
    return found;
  }

  /** The package a source declares, or "" for none. */
  private static String declaredPackage(String text) {
    Matcher pkg = DECLARED.matcher(codeOnly(text));
    return pkg.find() ? pkg.group(1) : "";
  }

  /** The line of a source's package declaration (1 when it has none). */
  private static int packageLine(String text) {
    Matcher pkg = PACKAGE.matcher(codeOnly(text));
    return pkg.find() ? (int) text.substring(0, pkg.end()).chars().filter(c -> c == '\n').count() + 1 : 1;
  }

  /**
   * The module that declares the package of {@code name} (a package, or a type or member in one),
   * if any: the module with the longest declared package that is the name's package or a parent
   * of it. The root package {@code dev.rowan} covers only itself, not its subpackages.
   */
  static Optional<String> owner(String name) {
    String pkg = packageOf(name);
    String best = null;
    int length = -1;
    for (Map.Entry<String, List<String>> module : PACKAGES.entrySet()) {
      for (String declared : module.getValue()) {
        boolean covers = pkg.equals(declared) || (!declared.equals(ROOT) && within(pkg, declared));
        if (covers && declared.length() > length) {
          best = module.getKey();
          length = declared.length();
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** The package part of a name: its segments up to the first that starts with a capital. */
  static String packageOf(String name) {
    StringBuilder pkg = new StringBuilder();
    for (String segment : name.split("\\.")) {
      if (Character.isUpperCase(segment.charAt(0))) {
        break;
      }
      pkg.append(pkg.length() == 0 ? "" : ".").append(segment);
    }
    return pkg.toString();
  }

  private static boolean internal(String name) {
    for (String segment : name.split("\\.")) {
      if (segment.equals("internal")) {
        return true;
      }
    }
    return INTERNAL_BY_NAME.stream().anyMatch(pkg -> within(name, pkg));
  }

  private static boolean within(String name, String pkg) {
    return name.equals(pkg) || name.startsWith(pkg + ".");
  }

  /**
   * The source with comments, string literals (text blocks included) and char literals blanked
   * out, line breaks kept, so that line numbers stay right.
   */
  static String codeOnly(String text) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      String end;
      if (text.startsWith("//", i)) {
        end = "\n";
      } else if (text.startsWith("/*", i)) {
        end = "*/";
      } else if (text.startsWith("\"\"\"", i)) {
        end = "\"\"\"";
      } else if (c == '"' || c == '\'') {
        end = String.valueOf(c);
      } else {
        out.append(c);
        i++;
        continue;
      }
      int from = i + (end.equals("\"\"\"") ? 3 : end.equals("\n") || end.equals("*/") ? 2 : 1);
      int to = from;
      while (to < text.length() && !text.startsWith(end, to)) {
        to += text.charAt(to) == '\\' && !end.equals("\n") && !end.equals("*/") ? 2 : 1;
      }
      to = Math.min(text.length(), end.equals("\n") ? to : to + end.length());
      for (int k = i; k < to; k++) {
        out.append(text.charAt(k) == '\n' ? '\n' : ' ');
      }
      i = to;
    }
    return out.toString();
  }
}
