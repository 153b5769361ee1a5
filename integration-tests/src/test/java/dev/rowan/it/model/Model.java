package dev.rowan.it.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** What the user must see: the live entities by key, and the answers derived from them. */
class Model<E> {

  final Entities<E> entities;
  private final Map<String, E> live = new HashMap<>();
  private final Comparator<E> keyOrder;

  Model(Entities<E> entities) {
    this.entities = entities;
    this.keyOrder = entities.keyOrder();
  }

  E get(E keyOf) {
    return live.get(entities.key(keyOf));
  }

  void put(E entity) {
    live.put(entities.key(entity), entity);
  }

  void remove(E keyOf) {
    live.remove(entities.key(keyOf));
  }

  /** Forgets the entity of key text {@code key} ({@link Entities#key}). */
  void forget(String key) {
    live.remove(key);
  }

  int size() {
    return live.size();
  }

  /** Every live entity in main row key order. */
  List<E> all() {
    List<E> all = new ArrayList<>(live.values());
    all.sort(keyOrder);
    return all;
  }

  /** The live entities that match, in main row key order. */
  List<E> where(Predicate<E> matches) {
    return all().stream().filter(matches).toList();
  }

  /** The live entities that match, in the key order of {@code view}. */
  List<E> where(String view, Predicate<E> matches) {
    List<E> found = new ArrayList<>(where(matches));
    found.sort(entities.viewOrder(view));
    return found;
  }

  /** A live entity picked at random, or null when there is none. */
  E any(java.util.Random random) {
    if (live.isEmpty()) {
      return null;
    }
    List<E> all = all();
    return all.get(random.nextInt(all.size()));
  }

  /** The live entity other than {@code entity} that holds one of its unique keys, or null. */
  E uniqueOwnerOtherThan(E entity) {
    List<String> keys = entities.uniqueKeys(entity);
    String self = entities.key(entity);
    for (E other : live.values()) {
      if (entities.key(other).equals(self)) {
        continue;
      }
      List<String> theirs = entities.uniqueKeys(other);
      for (int i = 0; i < keys.size(); i++) {
        if (keys.get(i) != null && keys.get(i).equals(theirs.get(i))) {
          return other;
        }
      }
    }
    return null;
  }
}
