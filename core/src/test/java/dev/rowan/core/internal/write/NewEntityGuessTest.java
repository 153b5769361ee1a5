package dev.rowan.core.internal.write;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.write.ProtocolWriter.Pending;
import dev.rowan.index.MainRow;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.WriteDecision;
import dev.rowan.index.WritePlan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the next batch of saves guesses its entities new. */
class NewEntityGuessTest {

  private static final MainRow STORED = new MainRow(new RowStatus(State.LIVE, 5, 7), new Object[0]);

  @Test
  void theFirstBatchReadsItsRows() {
    assertFalse(new NewEntityGuess().entitiesLookNew());
  }

  @Test
  void aBatchThatReadMostlyAbsentRowsMakesTheNextOneGuess() {
    NewEntityGuess guess = new NewEntityGuess();
    guess.observe(List.of(read(MainRow.ABSENT), read(MainRow.ABSENT), read(STORED)), List.of());
    assertTrue(guess.entitiesLookNew());
  }

  @Test
  void aBatchWhoseGuessesWereMostlyWrongMakesTheNextOneRead() {
    NewEntityGuess guess = new NewEntityGuess();
    guess.observe(List.of(read(MainRow.ABSENT), read(MainRow.ABSENT)), List.of());
    List<Pending> guessed = List.of(guessed(), guessed(), guessed());
    guess.observe(guessed, List.of(guessed.get(0), guessed.get(1)));
    assertFalse(guess.entitiesLookNew());
  }

  @Test
  void aTombstoneIsNotNewForTheGuessesConditionAndDeletesDoNotCount() {
    NewEntityGuess guess = new NewEntityGuess();
    MainRow tombstone = new MainRow(new RowStatus(State.DELETED, 5, 7), null);
    List<Pending> batch = new ArrayList<>(List.of(read(tombstone), read(MainRow.ABSENT)));
    Pending delete = new Pending(new WriteRequest.Delete(new byte[] {9}));
    delete.current = MainRow.ABSENT;
    batch.add(delete);
    guess.observe(batch, List.of());
    assertFalse(guess.entitiesLookNew(), "one of two saves found no status: not more than half");
  }

  @Test
  void onlyABatchOfDeletesLeavesTheJudgmentAsItWas() {
    NewEntityGuess guess = new NewEntityGuess();
    guess.observe(List.of(read(MainRow.ABSENT)), List.of());
    Pending delete = new Pending(new WriteRequest.Delete(new byte[] {9}));
    delete.current = STORED;
    guess.observe(List.of(delete), List.of());
    assertTrue(guess.entitiesLookNew());
  }

  private static Pending read(MainRow current) {
    Pending entity = new Pending(new WriteRequest.Save(new byte[] {1}, new Object[0]));
    entity.current = current;
    return entity;
  }

  private static Pending guessed() {
    Pending entity = new Pending(new WriteRequest.Save(new byte[] {2}, new Object[0]));
    RowStatus status = new RowStatus(State.LIVE, 5, 7);
    entity.guess = new WriteDecision(status, new Object[0], null, null, new WritePlan(status, WritePlan.NO_WRITE, List.of()));
    return entity;
  }
}
