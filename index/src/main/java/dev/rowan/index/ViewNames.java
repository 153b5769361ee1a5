package dev.rowan.index;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How view names are matched: ignoring case, whether a user, a job's settings, the catalog or a
 * query method's name gives them ({@code findBySellerBetween} names the view {@code seller}). The
 * one home of that rule.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ViewNames {

  private ViewNames() {}

  /** Whether {@code a} and {@code b} name the same view. */
  public static boolean same(@Nullable String a, @Nullable String b) {
    return a != null && a.equalsIgnoreCase(b);
  }

  /** Whether {@code names} holds {@code name}. */
  public static boolean contains(Collection<String> names, String name) {
    return names.stream().anyMatch(each -> same(each, name));
  }

  /** The view of {@code views} called {@code name}, if there is one. */
  public static Optional<ViewModel> find(Collection<ViewModel> views, String name) {
    return views.stream().filter(view -> same(view.name(), name)).findFirst();
  }

  /**
   * The view of {@code views} called {@code name}.
   *
   * @param what what asked for it, to begin the message with (the query, or the entity's name)
   * @throws IllegalArgumentException naming the entity, the view asked for and the views it has
   */
  public static ViewModel require(
      String what, String entityName, List<ViewModel> views, String name) {
    return find(views, name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    what
                        + entityName
                        + " has no view '"
                        + name
                        + "'; its views are "
                        + views.stream().map(ViewModel::name).toList()));
  }
}
