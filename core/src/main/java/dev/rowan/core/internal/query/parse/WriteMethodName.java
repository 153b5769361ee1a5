package dev.rowan.core.internal.query.parse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The name of a partial update or counter method, parsed:
 *
 * <pre>
 * update := "update" Property ("And" Property)* "By" Key    -- parameters: the new values, then the key
 * add    := "add" "To"? Property "By" Key                   -- parameters: the delta, then the key
 * Key    := Property ("And" Property)*                      -- equalities binding the entity's whole key
 * </pre>
 *
 * Both parts are read by {@link MethodNameParser} (the properties as the conditions of a {@code
 * findBy}, without keywords), so a property is named as in a find. The key must name every part of
 * the entity's key (its row key parts, and for a wide entity its column key parts), each once, with
 * equality, in any order; the parameters bind in the order the name gives.
 *
 * <p>Thread-safety: immutable.
 *
 * @param methodName the method name as declared
 * @param kind what the method does
 * @param properties the properties it sets or adds to (one for {@link Effect#ADD}), in name order
 * @param key the key properties, in name order: parameter {@code properties.size() + i} binds
 *     {@code key.get(i)}
 */
public record WriteMethodName(
    String methodName, Effect kind, List<String> properties, List<String> key) {

  /** What a write method does. */
  public enum Effect {
    /** Sets properties to the values given. */
    UPDATE,
    /** Adds the value given to a numeric property, and returns the sum. */
    ADD
  }

  private static final Pattern PREFIX = Pattern.compile("(update|add)(?=\\p{Lu})");
  private static final Pattern BY = Pattern.compile("By(?=\\p{Lu})");

  /** Copies the lists. */
  public WriteMethodName {
    properties = List.copyOf(properties);
    key = List.copyOf(key);
  }

  /**
   * Whether {@code methodName} is one of a write method ({@code update...} or {@code add...}), to
   * parse with {@link #parse}.
   */
  public static boolean isWriteMethod(String methodName) {
    return PREFIX.matcher(methodName).lookingAt();
  }

  /**
   * Parses {@code methodName}, a method of {@code parameterCount} parameters, for the entity that
   * {@code vocabulary} describes, whose key properties are {@code keyProperties}.
   *
   * @throws IllegalArgumentException with a message that names the method and says what is wrong
   */
  public static WriteMethodName parse(
      String methodName, int parameterCount, Vocabulary vocabulary, List<String> keyProperties) {
    Objects.requireNonNull(methodName, "methodName");
    Matcher prefix = PREFIX.matcher(methodName);
    if (!prefix.lookingAt()) {
      throw error(methodName, "does not start with update or add");
    }
    Effect kind = prefix.group(1).equals("update") ? Effect.UPDATE : Effect.ADD;
    Vocabulary properties =
        new Vocabulary(vocabulary.entityName(), vocabulary.properties(), Map.of());
    String rest = methodName.substring(prefix.end());
    Matcher by = BY.matcher(rest);
    IllegalArgumentException first = null;
    List<Integer> bys = new ArrayList<>();
    while (by.find()) {
      bys.add(by.start());
    }
    if (bys.isEmpty()) {
      throw error(
          methodName,
          "has no By: write "
              + (kind == Effect.UPDATE ? "update<Property>[And<Property>...]" : "add[To]<Property>")
              + "By<key properties>");
    }
    for (int at : bys) {
      String subject = rest.substring(0, at);
      String predicate = rest.substring(at + 2);
      try {
        List<String> set = subject(methodName, kind, subject, parameterCount, properties);
        List<String> key =
            key(methodName, predicate, parameterCount - set.size(), properties, keyProperties);
        return new WriteMethodName(methodName, kind, set, key);
      } catch (IllegalArgumentException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    throw first;
  }

  /** The properties the subject names: one for an add, one or more joined by And for an update. */
  private static List<String> subject(
      String methodName, Effect kind, String subject, int parameterCount, Vocabulary vocabulary) {
    if (subject.isEmpty()) {
      throw error(methodName, "names no property before By");
    }
    if (kind == Effect.ADD) {
      String property = null;
      if (subject.startsWith("To")
          && subject.length() > 2
          && Character.isUpperCase(subject.charAt(2))) {
        property = single(methodName, subject.substring(2), vocabulary);
      }
      if (property == null) {
        property = single(methodName, subject, vocabulary);
      }
      if (property == null) {
        throw error(
            methodName,
            "'%s' is not a property of %s: an add method reads add[To]<Property>By<key>",
            subject,
            vocabulary.entityName());
      }
      return List.of(property);
    }
    IllegalArgumentException unresolved = null;
    for (int count = 1; count < parameterCount; count++) {
      List<String> names;
      try {
        names = equalities(methodName, subject, count, vocabulary);
      } catch (IllegalArgumentException e) {
        if (unresolved == null
            && !(e instanceof MethodNameException name && name.aboutParameterCount())) {
          unresolved = e; // not a question of the number of parameters
        }
        continue;
      }
      if (names.size() != Set.copyOf(names).size()) {
        throw error(methodName, "sets a property twice: %s", names);
      }
      return names;
    }
    throw unresolved != null
        ? unresolved
        : error(
            methodName,
            "has %d parameters: it takes a new value for each property it sets, then each key part",
            parameterCount);
  }

  /** The property {@code text} names alone, or null. */
  private static @Nullable String single(String methodName, String text, Vocabulary vocabulary) {
    try {
      List<String> names = equalities(methodName, text, 1, vocabulary);
      return names.size() == 1 ? names.get(0) : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The key the predicate binds: every key property once, with equality. */
  private static List<String> key(
      String methodName,
      String predicate,
      int parameterCount,
      Vocabulary vocabulary,
      List<String> keyProperties) {
    if (predicate.isEmpty()) {
      throw error(methodName, "names no key after By");
    }
    if (parameterCount < 1) {
      throw error(methodName, "has no parameter left for the key after By%s", predicate);
    }
    List<String> key = equalities(methodName, predicate, parameterCount, vocabulary);
    Set<String> named = new LinkedHashSet<>(key);
    if (named.size() != key.size() || !named.equals(Set.copyOf(keyProperties))) {
      throw error(
          methodName,
          "an update binds the whole key of %s with equalities, %s, each once; By%s names %s",
          vocabulary.entityName(),
          keyProperties,
          predicate,
          key);
    }
    return key;
  }

  /**
   * The properties {@code text} names, joined by And, each an equality: read by {@link
   * MethodNameParser} as the predicate of a find of {@code count} parameters.
   */
  private static List<String> equalities(
      String methodName, String text, int count, Vocabulary vocabulary) {
    String find = "findBy" + text;
    ParsedQuery parsed;
    try {
      parsed = MethodNameParser.parse(find, count, vocabulary);
    } catch (MethodNameException e) {
      throw e.aboutParameterCount()
          ? MethodNameException.ofParameterCount(methodName, e.reason())
          : MethodNameException.at(
              methodName, Objects.requireNonNullElse(e.fragment(), text), e.reason());
    } catch (IllegalArgumentException e) {
      throw error(
          methodName,
          "%s",
          Objects.requireNonNull(e.getMessage(), "the parser's refusals say why"));
    }
    if (parsed.groups().size() != 1) {
      throw error(methodName, "'%s' joins properties with Or; an update names them with And", text);
    }
    List<String> names = new ArrayList<>();
    for (Condition condition : parsed.groups().get(0)) {
      if (condition.keyword() != Keyword.EQUALS) {
        throw error(
            methodName,
            "'%s' reads as a condition %s on %s; an update names properties and keys with"
                + " equality alone",
            text,
            condition.keyword(),
            condition.property());
      }
      names.add(condition.property());
    }
    return names;
  }

  private static MethodNameException error(String methodName, String format, Object... args) {
    return MethodNameException.of(methodName, String.format(format, args));
  }
}
