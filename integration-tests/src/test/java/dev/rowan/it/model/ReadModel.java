package dev.rowan.it.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;

/**
 * The model a reader's query checks see while writers run: it answers with the latest states in
 * the {@link History}, and remembers the last condition a check asked about, which {@link
 * ReadVerdict} then judges the read's answer by. One per reader thread.
 *
 * @param <E> the entity record
 */
final class ReadModel<E> extends Model<E> {

  private final History<E> history;
  private final Comparator<E> keyOrder;
  /** The condition of the check's last question, and the answer it got (null before the first). */
  Predicate<E> condition;
  List<E> answer;

  ReadModel(Entities<E> entities, History<E> history) {
    super(entities);
    this.history = history;
    this.keyOrder = entities.keyOrder();
  }

  /** Forgets the last question: a new check begins. */
  void reset() {
    condition = null;
    answer = null;
  }

  @Override
  E get(E keyOf) {
    String key = entities.key(keyOf);
    List<E> found = where(e -> entities.key(e).equals(key));
    return found.isEmpty() ? null : found.get(0);
  }

  @Override
  void put(E entity) {
    throw new UnsupportedOperationException("a reader's model is read only");
  }

  @Override
  void remove(E keyOf) {
    throw new UnsupportedOperationException("a reader's model is read only");
  }

  @Override
  int size() {
    return history.latest().size();
  }

  @Override
  List<E> all() {
    List<E> all = new ArrayList<>(history.latest());
    all.sort(keyOrder);
    return all;
  }

  @Override
  List<E> where(Predicate<E> matches) {
    List<E> found = all().stream().filter(matches).toList();
    condition = matches;
    answer = found;
    return found;
  }

  @Override
  List<E> where(String view, Predicate<E> matches) {
    List<E> found = new ArrayList<>(where(matches));
    found.sort(entities.viewOrder(view));
    answer = found;
    return found;
  }

  @Override
  E any(Random random) {
    List<E> all = all();
    return all.isEmpty() ? null : all.get(random.nextInt(all.size()));
  }

  @Override
  E uniqueOwnerOtherThan(E entity) {
    throw new UnsupportedOperationException("not asked by query checks");
  }
}
