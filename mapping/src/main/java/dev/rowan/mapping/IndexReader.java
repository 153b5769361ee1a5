package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.Index;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads the views of an entity from its {@code @Index} annotations, and checks what views ask of
 * the rest of the entity: no {@code @CellTimestamp}, and families that expire together or not at
 * all under a view's key. Every problem goes to the model reader that asks.
 *
 * <p>Thread-safety: not thread-safe; one per model being read.
 */
final class IndexReader {

  private final String entity;
  private final List<PropertyModel> properties;
  private final Consumer<String> problems;

  /** A reader of the views of {@code entity}, keyed and including among {@code properties}. */
  IndexReader(String entity, List<PropertyModel> properties, Consumer<String> problems) {
    this.entity = entity;
    this.properties = properties;
    this.problems = problems;
  }

  /** The views {@code type} declares, in the order of its {@code @Index} annotations. */
  List<ViewDefinition> read(Class<?> type) {
    List<ViewDefinition> views = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Index index : type.getAnnotationsByType(Index.class)) {
      String view = entity + " view '" + index.name() + "'";
      if (index.name().isEmpty() || !index.name().matches("[A-Za-z][A-Za-z0-9_]*")) {
        problem(view + " needs a name of letters, digits and underscores, starting with a letter");
      }
      if (!names.add(index.name().toLowerCase(Locale.ROOT))) {
        problem(entity + " declares view '" + index.name() + "' twice");
      }
      if (index.key().length == 0) {
        problem(view + " has no key properties");
      }
      for (String key : index.key()) {
        PropertyModel property = find(key);
        if (property == null) {
          problem(view + " is keyed on '" + key + "', which is not a property of " + entity);
        } else if (property.keyCodec() == null) {
          problem(
              view
                  + " is keyed on "
                  + property.qualifiedName()
                  + ", whose type cannot be a key part");
        }
      }
      for (String include : index.include()) {
        PropertyModel property = find(include);
        if (property == null || property.role() != Role.COLUMN) {
          problem(view + " includes '" + include + "', which is not a column of " + entity);
        }
      }
      views.add(
          new ViewDefinition(
              index.name(),
              List.of(index.key()),
              List.of(index.include()),
              index.unique(),
              index.format() == Index.Format.PACKED));
    }
    return views;
  }

  /** Reports a {@code @CellTimestamp} {@code timestamp} on an entity with views. */
  void checkCellTimestamp(@Nullable PropertyModel timestamp, List<ViewDefinition> views) {
    if (timestamp != null && !views.isEmpty()) {
      problem(
          timestamp.qualifiedName()
              + " is a @CellTimestamp, and "
              + entity
              + " declares views (@Index): the view"
              + " protocol orders the writes of a row by cell timestamps of its own, so an entity with views"
              + " cannot choose them; keep the time in a @Column instead");
    }
  }

  /**
   * An entity with views lives or expires as one with its status cell, in its first family: so
   * either every family has the first's time to live (the entity expires whole), or the first keeps
   * its cells forever and only columns expire, none of them a view's key, whose rows would outlive
   * the value they are keyed by (docs/row-keys.md, "Time to live").
   */
  void checkTimeToLive(List<ViewDefinition> views, Map<String, FamilyModel> families) {
    if (views.isEmpty() || families.isEmpty()) {
      return;
    }
    FamilyModel first = families.values().iterator().next();
    if (first.ttlSeconds() > 0) {
      checkSameTimeToLive(first, families.values());
      return;
    }
    for (ViewDefinition view : views) {
      for (String name : view.key()) {
        PropertyModel property = find(name);
        FamilyModel family =
            property == null || property.family() == null
                ? null
                : families.get(new String(property.family(), StandardCharsets.UTF_8));
        if (family != null && family.ttlSeconds() > 0) {
          problem(
              entity
                  + "'s view "
                  + view.name()
                  + " is keyed by "
                  + name
                  + ", whose family '"
                  + family.name()
                  + "' expires (ttlSeconds "
                  + family.ttlSeconds()
                  + ") while the entity, whose status is in family '"
                  + first.name()
                  + "', does not: its view rows would outlive the value; key views by columns of"
                  + " families without a TTL, or give every family the same ttlSeconds");
        }
      }
    }
  }

  private void checkSameTimeToLive(FamilyModel first, Iterable<FamilyModel> families) {
    for (FamilyModel family : families) {
      if (family.ttlSeconds() != first.ttlSeconds()) {
        problem(
            entity
                + " declares views (@Index), and its families '"
                + first.name()
                + "' and '"
                + family.name()
                + "' expire differently (ttlSeconds "
                + first.ttlSeconds()
                + " and "
                + family.ttlSeconds()
                + "): an entity with views expires whole, its view rows with it; give every family the same ttlSeconds");
        return;
      }
    }
  }

  private @Nullable PropertyModel find(String name) {
    return properties.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
  }

  private void problem(String problem) {
    problems.accept(problem);
  }
}
