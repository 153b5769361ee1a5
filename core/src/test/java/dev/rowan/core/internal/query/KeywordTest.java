package dev.rowan.core.internal.query;

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
  void onlyEqualsAndInNameValuesAndOnlyBetweenTakesTwoParameters() {
    for (Keyword keyword : Keyword.values()) {
      assertEquals(keyword != Keyword.EQUALS && keyword != Keyword.IN, keyword.isRange(), keyword.name());
      assertEquals(keyword == Keyword.BETWEEN ? 2 : 1, keyword.arity(), keyword.name());
    }
  }
}
