package dev.rowan.core.internal.query.check;

import dev.rowan.core.internal.query.parse.Boxes;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.KeyCodec;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Checks that a query method's parameters fit its conditions, and suggests views. */
public final class QueryParameters {

  private QueryParameters() {}

  /**
   * Adds a problem for every parameter whose type does not fit the property it is compared with.
   */
  public static void check(
      Method method, ParsedQuery query, EntityModel<?> model, MethodProblems problems) {
    Type[] types = method.getGenericParameterTypes();
    for (List<Condition> group : query.groups()) {
      for (Condition condition : group) {
        PropertyModel property = model.property(condition.property());
        Class<?> expected = Boxes.box(property.type());
        if (condition.keyword().takesText() && expected != String.class) {
          problems.add(
              word(condition.keyword())
                  + " applies to String properties, and "
                  + property.name()
                  + " is "
                  + property.type().getSimpleName());
          continue;
        }
        String openRange = openCyclicRange(condition, property);
        if (openRange != null) {
          problems.add(
              property.qualifiedName() + " " + word(condition.keyword()) + ": " + openRange);
          continue;
        }
        for (int i = 0; i < condition.keyword().arity(); i++) {
          int at = condition.parameter() + i;
          if (at >= types.length) {
            break;
          }
          Class<?> given =
              condition.keyword().takesValues() ? element(types[at]) : Boxes.box(raw(types[at]));
          if (given == null) {
            problems.add(
                "parameter "
                    + (at + 1)
                    + " ("
                    + property.name()
                    + " "
                    + word(condition.keyword())
                    + ") must be a collection or an array of "
                    + expected.getSimpleName());
          } else if (!expected.isAssignableFrom(given) && given != Object.class) {
            problems.add(
                "parameter "
                    + (at + 1)
                    + " is "
                    + given.getSimpleName()
                    + " but "
                    + property.name()
                    + " is "
                    + property.type().getSimpleName());
          }
        }
      }
    }
  }

  /**
   * Why {@code condition}, a range with one bound on a {@code @Cyclic} key part, cannot be read
   * from its keys (they interleave the cycles), or null: known from the keyword alone, so refused
   * when the repository is created; a {@code Between} is checked on each call (it may wrap a
   * cycle's end).
   */
  private static @Nullable String openCyclicRange(Condition condition, PropertyModel property) {
    KeyCodec<Object> codec = property.keyCodec();
    Keyword keyword = condition.keyword();
    boolean oneBound =
        keyword.isRange() && keyword != Keyword.BETWEEN && keyword != Keyword.STARTING_WITH;
    return codec == null || codec.cycle() == null || !oneBound
        ? null
        : codec.rangeProblem(null, null);
  }

  private static String word(Keyword keyword) {
    return ConditionCheck.keywordName(keyword);
  }

  private static Class<?> raw(Type type) {
    return type instanceof Class<?> c
        ? c
        : type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : Object.class;
  }

  private static @Nullable Class<?> element(Type type) {
    if (type instanceof Class<?> c && c.isArray()) {
      return Boxes.box(c.getComponentType());
    }
    if (!Collection.class.isAssignableFrom(raw(type))) {
      return null;
    }
    if (type instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return Boxes.box(c);
    }
    return Object.class;
  }

  /**
   * A sentence naming the views that would serve {@code query}: those of the entity whose key
   * starts with a property the query binds by equality, or else the declaration of one. Only
   * equality, {@code In} and ranges can bind a view's key; when the query has none of them, it says
   * so.
   */
  public static String suggestView(ParsedQuery query, EntityModel<?> model, List<ViewModel> views) {
    Set<String> equal = new LinkedHashSet<>();
    Set<String> ranged = new LinkedHashSet<>();
    for (Condition condition : query.groups().get(0)) {
      if (condition.keyword() == Keyword.EQUALS || condition.keyword() == Keyword.IN) {
        equal.add(condition.property());
      } else if (condition.keyword().isRange()) {
        ranged.add(condition.property());
      }
    }
    if (equal.isEmpty() && ranged.isEmpty()) {
      return "No view can serve it: only Equals, In and ranges bind a key, and its conditions ("
          + query.groups().get(0).stream().map(c -> c.property() + " " + word(c.keyword())).toList()
          + ") are none of them; add one on a property a view's key starts with.";
    }
    List<String> key = new ArrayList<>(equal);
    key.addAll(ranged);
    key.addAll(
        query.sorts().stream().map(s -> s.property()).filter(p -> !key.contains(p)).toList());
    String declaration =
        "@Index(name = \"by"
            + capitalize(key.get(0))
            + "\", key = {"
            + String.join(", ", key.stream().map(p -> "\"" + p + "\"").toList())
            + "})";
    List<String> serving =
        views.stream()
            .filter(v -> key.contains(v.keyProperties().get(0).name()))
            .map(ViewModel::name)
            .toList();
    return serving.isEmpty()
        ? "A view would serve it: declare " + declaration + " on " + model.entityName() + "."
        : "The views "
            + serving
            + " start with a property it binds; bind it by equality (or add "
            + declaration
            + ").";
  }

  private static String capitalize(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
