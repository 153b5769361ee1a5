package dev.rowan.core.internal.query.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The keyword table: the order its words are tried in, and what each keyword binds. */
class KeywordTest {

  @Test
  void aWordIsTriedBeforeEveryShorterWordItEndsWith() {
    List<String> order = new ArrayList<>();
    for (Keyword keyword : Keyword.values()) {
      order.addAll(keyword.words());
    }
    for (int i = 0; i < order.size(); i++) {
      for (int j = 0; j < i; j++) {
        String earlier = order.get(j);
        String later = order.get(i);
        assertFalse(later.endsWith(earlier), later + " ends with " + earlier
            + ", which is tried first: a name ending in " + later + " would be read as " + earlier);
      }
    }
  }

  @Test
  void noWordNamesTwoKeywords() {
    Set<String> seen = new HashSet<>();
    for (Keyword keyword : Keyword.values()) {
      for (String word : keyword.words()) {
        assertTrue(seen.add(word), word + " names " + keyword + " and another keyword");
      }
    }
  }

  @Test
  void onlyComparisonsBetweenAndStartingWithBoundARangeSoThePlannerBindsNoOtherKeywordToAKeyPart() {
    Set<Keyword> ranges = Set.of(Keyword.BETWEEN, Keyword.LESS_THAN, Keyword.LESS_THAN_EQUAL, Keyword.GREATER_THAN,
        Keyword.GREATER_THAN_EQUAL, Keyword.STARTING_WITH);
    for (Keyword keyword : Keyword.values()) {
      assertEquals(ranges.contains(keyword), keyword.isRange(), keyword.name());
    }
  }

  @Test
  void nullTestsTakeNoParameterBetweenTakesTwoAndEveryOtherKeywordOne() {
    for (Keyword keyword : Keyword.values()) {
      int expected = switch (keyword) {
        case IS_NULL, IS_NOT_NULL -> 0;
        case BETWEEN -> 2;
        default -> 1;
      };
      assertEquals(expected, keyword.arity(), keyword.name());
    }
  }

  @Test
  void inAndNotInTakeValuesAndTheStringKeywordsTakeText() {
    for (Keyword keyword : Keyword.values()) {
      assertEquals(keyword == Keyword.IN || keyword == Keyword.NOT_IN, keyword.takesValues(), keyword.name());
      assertEquals(Set.of(Keyword.STARTING_WITH, Keyword.ENDING_WITH, Keyword.CONTAINING, Keyword.NOT_CONTAINING)
          .contains(keyword), keyword.takesText(), keyword.name());
    }
  }
}
