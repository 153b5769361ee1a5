package dev.rowan.core.internal.repository;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The query methods of one repository as {@code explain} finds them: by name when the name is
 * declared once, or by signature, {@code findBySellerId(String, Limit)}, which tells overloads
 * apart. A signature's parameter types are written as in Java source, by simple or qualified name,
 * without type arguments ({@code List}, not {@code List<String>}); spaces do not matter.
 * Thread-safety: filled while its repository is created, then only read.
 */
final class ExplainedMethods {

  private final String repository;
  private final Map<String, RepositoryHandler.Explained> bySignature = new LinkedHashMap<>();

  /** No methods yet, of the repository named {@code repository} in messages. */
  ExplainedMethods(String repository) {
    this.repository = repository;
  }

  /**
   * Adds {@code method}, served by {@code query}; a signature seen before keeps its first method.
   */
  void add(Method method, RepositoryHandler.Explained query) {
    bySignature.putIfAbsent(signature(method), query);
  }

  /**
   * The query method that {@code nameOrSignature} names.
   *
   * @throws IllegalArgumentException when no query method has that name or signature, or when a
   *     name without parameters is declared more than once, naming the repository and listing the
   *     signatures to choose from
   */
  RepositoryHandler.Explained find(String nameOrSignature) {
    String wanted = nameOrSignature.replaceAll("\\s+", "");
    int open = wanted.indexOf('(');
    if (open < 0) {
      List<String> overloads =
          bySignature.keySet().stream().filter(s -> s.startsWith(wanted + "(")).sorted().toList();
      if (overloads.size() == 1) {
        return Objects.requireNonNull(
            bySignature.get(overloads.get(0)), "a signature listed from the map is in it");
      }
      if (overloads.size() > 1) {
        throw new IllegalArgumentException(
            repository
                + " declares "
                + overloads.size()
                + " query methods named '"
                + wanted
                + "': "
                + String.join(", ", overloads)
                + "; name one by its signature, as in explain(\""
                + overloads.get(0)
                + "\")");
      }
    } else if (wanted.endsWith(")")) {
      String signature =
          wanted.substring(0, open)
              + parameters(wanted.substring(open + 1, wanted.length() - 1)).stream()
                  .map(ExplainedMethods::simple)
                  .collect(Collectors.joining(", ", "(", ")"));
      RepositoryHandler.Explained found = bySignature.get(signature);
      if (found != null) {
        return found;
      }
    }
    throw new IllegalArgumentException(
        repository
            + " has no query method '"
            + nameOrSignature
            + "'; its query methods are "
            + bySignature.keySet().stream().sorted().toList());
  }

  /** {@code method} as {@link #find} takes it: its name and its parameters' simple type names. */
  static String signature(Method method) {
    return method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }

  /** The parameter types of a signature's list, split at the commas outside type arguments. */
  private static List<String> parameters(String list) {
    List<String> types = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        types.add(list.substring(start, i));
        start = i + 1;
      }
    }
    if (!list.isEmpty()) {
      types.add(list.substring(start));
    }
    return types;
  }

  /**
   * The simple name of a type as written in source, as {@link Class#getSimpleName} gives it: {@code
   * java.util.List<String>} is {@code List}, {@code String...} is {@code String[]}.
   */
  private static String simple(String type) {
    String raw = type.replace("...", "[]").replaceAll("<.*>", "");
    return raw.substring(raw.lastIndexOf('.') + 1);
  }
}
