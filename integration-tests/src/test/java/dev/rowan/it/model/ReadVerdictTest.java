package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The judge of reads made during writes, on histories written by hand (no cluster). */
class ReadVerdictTest {

  @Table(name = "items")
  record Item(@RowKey(order = 0) String id, @Column(name = "c") String color) {}

  private final Entities<Item> entities = new Entities<>(Item.class);
  private final History<Item> history = new History<>(entities);
  private final ReadModel<Item> model = new ReadModel<>(entities, history);
  private final ReadVerdict<Item> verdict = new ReadVerdict<>(entities, history, model, () -> "test");

  private static final Item A_RED = new Item("a", "red");
  private static final Item B_BLUE = new Item("b", "blue");
  private static final Item C_RED = new Item("c", "red");
  private static final Item C_BLUE = new Item("c", "blue");
  private static final Predicate<Item> RED = i -> "red".equals(i.color());

  /** a red and b blue throughout; c moves from red to blue during the read. */
  private void readWhileCMoves() {
    history.initial(entities.key(A_RED), A_RED);
    history.initial(entities.key(B_BLUE), B_BLUE);
    history.initial(entities.key(C_RED), C_RED);
    verdict.begin();
    write(C_BLUE);
  }

  private void write(Item state) {
    long invoked = history.invoking(List.of(entities.key(state)));
    history.returned(entities.key(state), state, invoked, System.nanoTime());
  }

  private void judge(List<Item> answer) {
    verdict.inOrder("findByColor(red)", model.where(RED), answer);
  }

  @Test
  void acceptsAnEntityWhoseStatesDifferReturnedOrNot() {
    readWhileCMoves();
    judge(List.of(A_RED));
    judge(List.of(A_RED, C_RED));
  }

  @Test
  void refusesAnAnswerThatLeavesOutAnEntityThatMatchedThroughout() {
    readWhileCMoves();
    assertThrows(AssertionFailedError.class, () -> judge(List.of(C_RED)));
  }

  @Test
  void refusesAnEntityTwice() {
    readWhileCMoves();
    assertThrows(AssertionFailedError.class, () -> judge(List.of(A_RED, A_RED)));
  }

  @Test
  void refusesAnEntityThatNeverMatched() {
    readWhileCMoves();
    assertThrows(AssertionFailedError.class, () -> judge(List.of(A_RED, B_BLUE)));
  }

  @Test
  void refusesAnEntityInAStateThatDoesNotMatch() {
    readWhileCMoves();
    assertThrows(AssertionFailedError.class, () -> judge(List.of(A_RED, C_BLUE)));
  }

  @Test
  void refusesAStateOverwrittenBeforeTheReadBegan() {
    history.initial(entities.key(C_RED), C_RED);
    write(C_BLUE);
    verdict.begin();
    assertThrows(AssertionFailedError.class, () -> judge(List.of(C_RED)));
  }

  @Test
  void countsBetweenTheEntitiesThatMatchedThroughoutAndTheOnesThatMatchedAtSomeTime() {
    readWhileCMoves();
    verdict.same("countByColor(red)", model.where(RED).size(), 1L);
    verdict.same("countByColor(red)", model.where(RED).size(), 2L);
    assertThrows(AssertionFailedError.class, () -> verdict.same("countByColor(red)", model.where(RED).size(), 0L));
    assertThrows(AssertionFailedError.class, () -> verdict.same("countByColor(red)", model.where(RED).size(), 3L));
  }

  @Test
  void refusesATopNShorterThanTheEntitiesThatMatchedThroughout() {
    readWhileCMoves();
    verdict.inOrder("findTop1ByColor(red)", model.where(RED).subList(0, 1), List.of(A_RED));
    assertThrows(AssertionFailedError.class,
        () -> verdict.inOrder("findTop1ByColor(red)", model.where(RED).subList(0, 1), List.of()));
  }

  @Test
  void refusesPagesThatShowAnUnchangedEntityTwice() {
    history.initial(entities.key(A_RED), A_RED);
    history.initial(entities.key(C_RED), C_RED);
    verdict.begin();
    List<Item> expected = model.where(RED);
    List<List<Item>> pages = new ArrayList<>(List.of(List.of(A_RED), List.of(A_RED), List.of(C_RED)));
    List<List<Item>> again = new ArrayList<>(List.of(List.of(A_RED), List.of(C_RED)));
    verdict.pages("findByColor(red)", new Random(1), expected.size(), request -> page(again));
    verdict.begin();
    model.where(RED);
    AssertionFailedError failed = assertThrows(AssertionFailedError.class,
        () -> verdict.pages("findByColor(red)", new Random(1), expected.size(), request -> page(pages)));
    org.junit.jupiter.api.Assertions.assertTrue(failed.getMessage().contains("came 2 times in 3 pages"), failed.getMessage());
  }

  private static Page<Item> page(List<List<Item>> pages) {
    List<Item> content = pages.remove(0);
    return new Page<>(content, pages.isEmpty() ? null : new PageRequest(1, new byte[] {1}));
  }
}
