package dev.rowan.core.internal.query.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.WriteMethodName.Effect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Names of partial update and counter methods, read without a cluster. */
class WriteMethodNameTest {

  private static final Vocabulary ORDER = new Vocabulary("Order",
      List.of("orderNo", "status", "note", "quantity", "toll", "soldBy", "termsAndConditions"), Map.of());
  private static final List<String> ORDER_KEY = List.of("orderNo");
  private static final Vocabulary LINE = new Vocabulary("Line", List.of("orderNo", "line", "quantity", "toCity"),
      Map.of());
  private static final List<String> LINE_KEY = List.of("orderNo", "line");

  private static WriteMethodName order(String name, int parameters) {
    return WriteMethodName.parse(name, parameters, ORDER, ORDER_KEY);
  }

  private static String refusal(String name, int parameters) {
    return assertThrows(IllegalArgumentException.class, () -> order(name, parameters)).getMessage();
  }

  @Test
  void anUpdateNamesThePropertiesItSetsThenTheKey() {
    WriteMethodName update = order("updateStatusAndNoteByOrderNo", 3);
    assertEquals(new WriteMethodName("updateStatusAndNoteByOrderNo", Effect.UPDATE, List.of("status", "note"),
        List.of("orderNo")), update);
  }

  @Test
  void anAddNamesOneCounterWithOrWithoutTo() {
    assertEquals(List.of("quantity"), order("addToQuantityByOrderNo", 2).properties());
    assertEquals(Effect.ADD, order("addQuantityByOrderNo", 2).kind());
    assertEquals(List.of("toll"), order("addTollByOrderNo", 2).properties(), "Toll is not To ll");
    assertEquals(List.of("toCity"), WriteMethodName.parse("addToCityByOrderNoAndLine", 3, LINE, LINE_KEY)
        .properties(), "To is kept where the rest names no property");
  }

  @Test
  void propertiesWithByAndAndInTheirNamesReadAsThemselves() {
    assertEquals(List.of("soldBy"), order("updateSoldByByOrderNo", 2).properties());
    assertEquals(List.of("termsAndConditions"), order("updateTermsAndConditionsByOrderNo", 2).properties());
  }

  @Test
  void theKeyOfAWideEntityIsItsRowAndColumnKeyInAnyOrder() {
    assertEquals(List.of("line", "orderNo"),
        WriteMethodName.parse("addToQuantityByLineAndOrderNo", 3, LINE, LINE_KEY).key());
    String refusal = assertThrows(IllegalArgumentException.class,
        () -> WriteMethodName.parse("addToQuantityByOrderNo", 2, LINE, LINE_KEY)).getMessage();
    assertEquals("addToQuantityByOrderNo: an update binds the whole key of Line with equalities, [orderNo, line],"
        + " each once; ByOrderNo names [orderNo]", refusal);
  }

  @Test
  void aKeyOtherThanTheEntitysOrAConditionOtherThanEqualityIsRefused() {
    assertTrue(refusal("updateNoteByStatus", 2).contains("binds the whole key of Order"));
    assertTrue(refusal("updateNoteByOrderNoStartingWith", 2).contains("equality alone"));
    assertTrue(refusal("updateNoteByOrderNoAndOrderNo", 3).contains("each once"));
    assertTrue(refusal("updateNoteByOrderNoOrStatus", 3).contains("Or"));
  }

  @Test
  void namesThatSayNothingToSetOrNoKeyAreRefusedNamingTheMethod() {
    assertEquals("updateByOrderNo: names no property before By", refusal("updateByOrderNo", 1));
    assertTrue(refusal("updateStatus", 1).startsWith("updateStatus: has no By"));
    assertTrue(refusal("updateStatusAndStatusByOrderNo", 3).contains("sets a property twice"));
    assertTrue(refusal("addToPriceByOrderNo", 2).contains("'ToPrice' is not a property of Order"));
    assertTrue(refusal("updateColourByOrderNo", 2).startsWith("updateColourByOrderNo: "));
    assertTrue(refusal("updateStatusByOrderNo", 1).startsWith("updateStatusByOrderNo: "), "no value for status");
  }

  @Test
  void onlyUpdateAndAddFollowedByAWordAreWriteMethods() {
    assertTrue(WriteMethodName.isWriteMethod("updateStatusByOrderNo"));
    assertTrue(WriteMethodName.isWriteMethod("addToQuantityByOrderNo"));
    assertFalse(WriteMethodName.isWriteMethod("findByOrderNo"));
    assertFalse(WriteMethodName.isWriteMethod("address"));
    assertFalse(WriteMethodName.isWriteMethod("updated"));
  }
}
