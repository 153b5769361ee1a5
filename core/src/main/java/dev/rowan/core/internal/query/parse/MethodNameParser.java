package dev.rowan.core.internal.query.parse;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads query method names such as {@code findTop10BySellerIdAndCreatedAtAfterOrderByCreatedAtDesc}
 * into {@link ParsedQuery}s. The grammar is Spring Data's, trimmed:
 *
 * <pre>
 * name      := prefix subject "By" predicate ("OrderBy" sort+)?
 * prefix    := find | read | get | query | stream | count | exists | delete | remove
 * subject   := (("First" | "Top") number?)? text     -- text is ignored; a limit only on a find
 * predicate := group ("Or" group)*  |  View Keyword?  -- the view shorthand is the whole predicate
 * group     := condition ("And" condition)*
 * condition := Property Keyword?                    -- no keyword means Keyword.EQUALS
 * sort      := Property ("Asc" | "Desc")?
 * </pre>
 *
 * <p>A word names the property (or view) that it capitalises, or else the only one equal to it
 * ignoring case. A keyword is read at the end of a condition, in {@link Keyword} order, only where
 * the rest names a property, so a property such as {@code checkIn} still reads as itself. {@code
 * And} and {@code Or} split the predicate only where every piece resolves, so {@code brand} and
 * {@code termsAndConditions} stay whole; the longest first piece wins ({@code TermsIsAndConditions}
 * forces the split). Properties win over views of the same name. The subject ends at the first
 * {@code By}; when that {@code By} ends an {@code OrderBy} (as in {@code findAllOrderByX} or {@code
 * findOrderByX}), the name has no predicate and is refused.
 */
public final class MethodNameParser {

  /**
   * Each prefix a query method name may start with, in the order messages list them, to its action.
   */
  private static final Map<String, QueryAction> PREFIXES = prefixes();

  private static final String PREFIX_LIST = String.join(", ", PREFIXES.keySet());
  private static final Pattern PREFIX =
      Pattern.compile("(" + String.join("|", PREFIXES.keySet()) + ")(?!\\p{Ll})");
  private static final Pattern BY = Pattern.compile("(Order)?By(?!\\p{Ll})");
  private static final Pattern ORDER_BY = Pattern.compile("OrderBy(?!\\p{Ll})");
  private static final Pattern LIMIT = Pattern.compile("(First|Top)(\\d*+)(?!\\p{Ll})");
  private static final Pattern DIRECTION = Pattern.compile("(.+?)(Asc|Desc)(?!\\p{Ll})");
  private static final List<String> SEPARATORS = List.of("And", "Or");

  /**
   * Keywords of Spring Data's grammar that Rowan does not accept, each with what to write instead;
   * matched longest first, at the end of a condition that does not resolve.
   */
  static final Map<String, String> UNSUPPORTED = unsupported();

  private static Map<String, String> unsupported() {
    String ignoreCase =
        "Rowan compares values exactly: store a normalised copy of the property (lower case, say)"
            + " and find by equality on it";
    String exists = "to require a value, write IsNotNull";
    String pattern =
        "Rowan's string conditions are StartingWith, EndingWith and Containing (exact, case-sensitive);"
            + " for another pattern, find by other conditions and filter in code";
    String empty =
        "Rowan's properties are single values, not collections: to require a value, write IsNotNull"
            + " (or Not with \"\" for a non-empty string)";
    String bool = "use equality with a boolean parameter: findBy<Property>(true)";
    String geo = "geospatial conditions are not supported";
    Map<String, String> advice =
        new TreeMap<>(
            (a, b) ->
                a.length() != b.length()
                    ? Integer.compare(b.length(), a.length())
                    : a.compareTo(b)); // longest first
    for (String word : List.of("AllIgnoringCase", "AllIgnoreCase", "IgnoringCase", "IgnoreCase")) {
      advice.put(word, ignoreCase);
    }
    advice.put("Exists", exists);
    for (String word :
        List.of("IsNotLike", "NotLike", "IsLike", "Like", "MatchesRegex", "Matches", "Regex")) {
      advice.put(word, pattern);
    }
    for (String word : List.of("IsNotEmpty", "NotEmpty", "IsEmpty", "Empty")) {
      advice.put(word, empty);
    }
    for (String word : List.of("IsTrue", "True", "IsFalse", "False")) {
      advice.put(word, bool);
    }
    for (String word : List.of("IsNear", "Near", "IsWithin", "Within")) {
      advice.put(word, geo);
    }
    return Collections.unmodifiableMap(advice);
  }

  private final String methodName;
  private final Vocabulary vocabulary;

  private MethodNameParser(String methodName, Vocabulary vocabulary) {
    this.methodName = methodName;
    this.vocabulary = vocabulary;
  }

  /**
   * Parses {@code methodName} of a repository of the entity that {@code vocabulary} describes.
   *
   * @param parameterCount the number of method parameters that bind predicates (a trailing
   *     PageRequest is not counted)
   * @throws MethodNameException with a message that names the method and says exactly what is wrong
   */
  public static ParsedQuery parse(String methodName, int parameterCount, Vocabulary vocabulary) {
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(vocabulary, "vocabulary");
    return new MethodNameParser(methodName, vocabulary).parse(parameterCount);
  }

  private ParsedQuery parse(int parameterCount) {
    if (parameterCount < 0) {
      throw error("the parameter count %d is negative", parameterCount);
    }
    Matcher prefix = PREFIX.matcher(methodName);
    if (!prefix.lookingAt()) {
      throw error("does not start with one of %s", PREFIX_LIST);
    }
    Matcher by = BY.matcher(methodName).region(prefix.end(), methodName.length());
    if (!by.find()) {
      throw error("has no By: a query method name reads <prefix>[<subject>]By<predicate>");
    }
    if (by.group(1) != null) {
      throw error(
          "has no predicate after By: OrderBy comes first, and a query must select by a property");
    }
    int limit = limit(methodName.substring(prefix.end(), by.start()), prefix.group());
    Matcher orderBy = ORDER_BY.matcher(methodName).region(by.end(), methodName.length());
    boolean ordered = orderBy.find();
    String predicate =
        methodName.substring(by.end(), ordered ? orderBy.start() : methodName.length());
    if (predicate.isEmpty()) {
      throw error("has no predicate after By");
    }
    List<Part> parts = parts(predicate, false);
    NameTerm view = parts == null ? match(predicate, this::view) : null;
    List<List<Condition>> groups;
    if (parts != null) {
      groups = bind(parts, parameterCount);
    } else if (view != null) {
      groups = bindView(view, parameterCount);
    } else {
      throw unresolved(predicate);
    }
    List<SortKey> sorts = ordered ? sorts(methodName.substring(orderBy.end())) : List.of();
    return new ParsedQuery(
        methodName,
        Objects.requireNonNull(PREFIXES.get(prefix.group()), "PREFIX matches only PREFIXES' keys"),
        limit,
        groups,
        sorts,
        view == null ? null : view.name(),
        parameterCount);
  }

  private int limit(String subject, String prefix) {
    if (subject.contains("Distinct")) {
      throw error("Distinct is not supported");
    }
    Matcher matcher = LIMIT.matcher(subject);
    if (!matcher.lookingAt()) {
      return 0;
    }
    int limit;
    try {
      limit = matcher.group(2).isEmpty() ? 1 : Integer.parseInt(matcher.group(2));
    } catch (NumberFormatException tooLarge) {
      limit = 0;
    }
    if (limit == 0) {
      throw error(
          "%s is not a valid limit: the number must be between 1 and %d",
          matcher.group(), Integer.MAX_VALUE);
    }
    if (PREFIXES.get(prefix) != QueryAction.FIND) {
      throw error(
          "a limit (%s) is only allowed on find methods, not on %s", matcher.group(), prefix);
    }
    return limit;
  }

  // ---- Predicate

  /**
   * A property or view, the keyword after it, and the word that named the keyword (null for none).
   */
  private record NameTerm(String name, Keyword keyword, @Nullable String word) {}

  /** A condition of the predicate; {@code or} says whether it starts a new group. */
  private record Part(NameTerm term, boolean or) {}

  /**
   * Reads {@code text} as conditions joined by And and Or; null when no split resolves every one.
   */
  private @Nullable List<Part> parts(String text, boolean or) {
    for (int end : ends(text)) {
      NameTerm term = match(text.substring(0, end), this::property);
      if (term == null) {
        continue;
      }
      if (end == text.length()) {
        return List.of(new Part(term, or));
      }
      String separator = separatorAt(text, end);
      List<Part> rest =
          separator == null
              ? null
              : parts(text.substring(end + separator.length()), separator.equals("Or"));
      if (rest != null) {
        List<Part> parts = new ArrayList<>(List.of(new Part(term, or)));
        parts.addAll(rest);
        return parts;
      }
    }
    return null;
  }

  /**
   * Where the first condition of {@code text} may end: the end of the text, then each separator,
   * last first.
   */
  private static List<Integer> ends(String text) {
    List<Integer> ends = new ArrayList<>(List.of(text.length()));
    for (int i = text.length() - 1; i > 0; i--) {
      if (separatorAt(text, i) != null) {
        ends.add(i);
      }
    }
    return ends;
  }

  /** The And or Or that starts at {@code i} and is followed by a capitalised word, or null. */
  private static @Nullable String separatorAt(String text, int i) {
    for (String separator : SEPARATORS) {
      int next = i + separator.length();
      if (text.startsWith(separator, i)
          && next < text.length()
          && Character.isUpperCase(text.charAt(next))) {
        return separator;
      }
    }
    return null;
  }

  /**
   * Reads {@code text} as a name that {@code resolver} knows, optionally followed by a keyword; or
   * null.
   */
  private static @Nullable NameTerm match(String text, UnaryOperator<String> resolver) {
    for (Keyword keyword : Keyword.values()) {
      for (String word : keyword.words()) {
        String name =
            text.length() > word.length() && text.endsWith(word)
                ? resolver.apply(text.substring(0, text.length() - word.length()))
                : null;
        if (name != null) {
          return new NameTerm(name, keyword, word);
        }
      }
    }
    String name = resolver.apply(text);
    return name == null ? null : new NameTerm(name, Keyword.EQUALS, null);
  }

  private List<List<Condition>> bind(List<Part> parts, int parameterCount) {
    List<List<Condition>> groups = new ArrayList<>();
    int parameter = 0;
    for (Part part : parts) {
      if (groups.isEmpty() || part.or()) {
        groups.add(new ArrayList<>());
      }
      groups
          .get(groups.size() - 1)
          .add(new Condition(part.term().name(), part.term().keyword(), parameter));
      parameter += part.term().keyword().arity();
    }
    if (parameter != parameterCount) {
      throw MethodNameException.ofParameterCount(
          methodName,
          "the predicate expects " + parameters(parameter) + ", but " + given(parameterCount));
    }
    return groups;
  }

  /**
   * Binds {@code <View><Keyword>}: equality on as many leading key properties as the parameters
   * allow, then the keyword on the next one; with no more parameters than the keyword takes, the
   * keyword applies to the first key property ({@code findBySellerIn(sellers)}).
   */
  private List<List<Condition>> bindView(NameTerm view, int parameterCount) {
    List<String> key =
        Objects.requireNonNull(
            vocabulary.viewKeys().get(view.name()), "a view term names a view of the vocabulary");
    if (view.word() != null
        && view.keyword() != Keyword.EQUALS
        && view.keyword() != Keyword.IN
        && !view.keyword().isRange()) {
      throw error(
          "the view shorthand findBy<View><Keyword> takes Equals, In or a range, not %s: write the"
              + " conditions with their properties, as in findBy%sAnd<Property>%s",
          view.word(), capitalise(key.get(0)), view.word());
    }
    int arity = view.word() == null ? 0 : view.keyword().arity();
    int ranged = arity > 0 ? 1 : 0;
    int equalities = parameterCount - arity;
    int min = Math.max(arity, 1);
    int max = key.size() - ranged + arity;
    if (parameterCount < min || parameterCount > max) {
      throw error(
          "view '%s' with key %s takes %s%s, but %s",
          view.name(),
          key,
          min == max ? parameters(min) : min + " to " + max + " parameters",
          view.word() == null ? "" : " with " + view.word(),
          given(parameterCount));
    }
    List<Condition> conditions = new ArrayList<>();
    for (int i = 0; i < equalities; i++) {
      conditions.add(new Condition(key.get(i), Keyword.EQUALS, i));
    }
    if (arity > 0) {
      conditions.add(new Condition(key.get(equalities), view.keyword(), equalities));
    }
    return List.of(conditions);
  }

  /** Says why no split of {@code predicate} resolves, reading it greedily from the left. */
  private MethodNameException unresolved(String predicate) {
    for (String separator : SEPARATORS) {
      if (predicate.endsWith(separator)) {
        return errorAt(
            separator, "the predicate ends with '%s' but no condition follows it", separator);
      }
    }
    String text = predicate;
    for (int end = longestCondition(text);
        end > 0 && end < text.length();
        end = longestCondition(text)) {
      text =
          text.substring(
              end
                  + Objects.requireNonNull(
                          separatorAt(text, end), "a condition ends where a separator starts")
                      .length());
    }
    String leading = separatorAt(text, 0);
    if (leading != null) {
      return errorAt(text, "the predicate has no condition before '%s'", leading);
    }
    List<Integer> ends = ends(text);
    String unknown =
        Objects.requireNonNull(
                match(text.substring(0, ends.get(ends.size() - 1)), name -> name),
                "the identity resolver matches any text")
            .name();
    MethodNameException unsupported = unsupportedKeyword(unknown);
    if (unsupported != null) {
      return unsupported;
    }
    String view = view(unknown);
    if (view != null) {
      return errorAt(
          unknown,
          "'%s' is a view, not a property of %s; the view shorthand findBy<View><Keyword> must be the "
              + "whole predicate",
          view,
          vocabulary.entityName());
    }
    return errorAt(
        unknown,
        "no property '%s' in %s; properties are %s; views are %s",
        uncapitalise(unknown),
        vocabulary.entityName(),
        vocabulary.properties(),
        vocabulary.viewKeys().keySet().stream().sorted().toList());
  }

  /**
   * The refusal of {@code condition} when it is a property followed by a keyword of Spring Data's
   * that Rowan does not accept ({@link #UNSUPPORTED}), saying what to write instead; else null.
   */
  private @Nullable MethodNameException unsupportedKeyword(String condition) {
    for (Map.Entry<String, String> keyword : UNSUPPORTED.entrySet()) {
      String word = keyword.getKey();
      if (condition.endsWith(word) && condition.length() > word.length()) {
        String property = property(condition.substring(0, condition.length() - word.length()));
        if (property != null) {
          return errorAt(
              condition,
              "'%s' (on %s) is a keyword of Spring Data's that Rowan does not accept: %s",
              word,
              property,
              keyword.getValue());
        }
      }
    }
    return null;
  }

  /** The end of the longest first condition of {@code text} that resolves, or -1. */
  private int longestCondition(String text) {
    return ends(text).stream()
        .filter(end -> match(text.substring(0, end), this::property) != null)
        .findFirst()
        .orElse(-1);
  }

  // ---- Order

  private List<SortKey> sorts(String text) {
    if (text.isEmpty()) {
      throw error("has no property after OrderBy");
    }
    List<SortKey> sorts = readSorts(text);
    if (sorts == null) {
      throw error(
          "no property '%s' in %s to order by; properties are %s",
          uncapitalise(unsortable(text)), vocabulary.entityName(), vocabulary.properties());
    }
    return sorts;
  }

  /** Reads {@code text} as sorts, trying the longest first sort first; null when none resolves. */
  private @Nullable List<SortKey> readSorts(String text) {
    if (text.isEmpty()) {
      return List.of();
    }
    for (int end = text.length(); end > 0; end--) {
      SortKey sort = isWordEnd(text, end) ? sort(text.substring(0, end)) : null;
      List<SortKey> rest = sort == null ? null : readSorts(text.substring(end));
      if (rest != null) {
        List<SortKey> sorts = new ArrayList<>(List.of(sort));
        sorts.addAll(rest);
        return sorts;
      }
    }
    return null;
  }

  private @Nullable SortKey sort(String text) {
    for (String direction : List.of("Desc", "Asc")) {
      String property =
          text.length() > direction.length() && text.endsWith(direction)
              ? property(text.substring(0, text.length() - direction.length()))
              : null;
      if (property != null) {
        return new SortKey(property, direction.equals("Desc"));
      }
    }
    String property = property(text);
    return property == null ? null : new SortKey(property, false);
  }

  /** The first sort of {@code text} that does not resolve, read greedily, without its direction. */
  private String unsortable(String text) {
    for (int end = text.length(); end > 0; end--) {
      if (isWordEnd(text, end) && sort(text.substring(0, end)) != null) {
        return end == text.length() ? text : unsortable(text.substring(end));
      }
    }
    Matcher direction = DIRECTION.matcher(text);
    return direction.lookingAt() ? direction.group(1) : text;
  }

  // ---- Names and messages

  private @Nullable String property(String text) {
    return resolve(text, vocabulary.properties());
  }

  private @Nullable String view(String text) {
    return resolve(text, vocabulary.viewKeys().keySet());
  }

  /**
   * The name that {@code text} capitalises, or else the only name equal to it ignoring case; or
   * null.
   */
  private static @Nullable String resolve(String text, Collection<String> names) {
    if (text.isEmpty() || !Character.isUpperCase(text.charAt(0))) {
      return null;
    }
    String name = uncapitalise(text);
    if (names.contains(name)) {
      return name;
    }
    List<String> matches = names.stream().filter(text::equalsIgnoreCase).toList();
    return matches.size() == 1 ? matches.get(0) : null;
  }

  private static boolean isWordEnd(String text, int end) {
    return end == text.length() || !Character.isLowerCase(text.charAt(end));
  }

  private static String capitalise(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private static String uncapitalise(String text) {
    return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
  }

  private static String parameters(int count) {
    return count + (count == 1 ? " parameter" : " parameters");
  }

  private static String given(int count) {
    return count + (count == 1 ? " is given" : " are given");
  }

  private MethodNameException error(String format, Object... args) {
    return MethodNameException.of(methodName, String.format(format, args));
  }

  /** The refusal of the method's name at {@code fragment}, a part of it that cannot be read. */
  private MethodNameException errorAt(String fragment, String format, Object... args) {
    return MethodNameException.at(methodName, fragment, String.format(format, args));
  }

  private static Map<String, QueryAction> prefixes() {
    Map<String, QueryAction> prefixes = new LinkedHashMap<>();
    for (String find : List.of("find", "read", "get", "query", "stream")) {
      prefixes.put(find, QueryAction.FIND);
    }
    prefixes.put("count", QueryAction.COUNT);
    prefixes.put("exists", QueryAction.EXISTS);
    prefixes.put("delete", QueryAction.DELETE);
    prefixes.put("remove", QueryAction.DELETE);
    return Collections.unmodifiableMap(prefixes);
  }
}
