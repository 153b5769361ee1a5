package dev.rowan.core.internal.query.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MethodProblemsTest {

  private static final Vocabulary ORDER = new Vocabulary("Order", List.of("sellerId", "amount"),
      Map.of("seller", List.of("sellerId")));

  interface Orders {
    void findBySellerXd(String seller);
  }

  private static MethodProblems refusalsOf(String methodName, int parameters) {
    MethodProblems problems = MethodProblems.of(Orders.class, Orders.class.getMethods()[0]);
    try {
      MethodNameParser.parse(methodName, parameters, ORDER);
    } catch (MethodNameException e) {
      problems.add(e);
    }
    return problems;
  }

  @Test
  void aNameThatCannotBeReadIsAProblemOfTheMethodCarryingThePartThatFails() {
    MethodProblem problem = refusalsOf("findBySellerXd", 1).problems().get(0);
    assertEquals("Orders.findBySellerXd", problem.method());
    assertEquals("SellerXd", problem.fragment());
    assertTrue(problem.sentence().startsWith("Orders.findBySellerXd: no property 'sellerXd' in Order"),
        problem.sentence());
    assertEquals("AmountLike", refusalsOf("findByAmountLike", 1).problems().get(0).fragment(),
        "an unsupported keyword of Spring Data's");
    assertEquals("And", refusalsOf("findBySellerIdAnd", 1).problems().get(0).fragment(), "a trailing separator");
  }

  @Test
  void aSentenceNamesTheMethodAsItsSubjectOrBeforeAColon() {
    MethodProblems problems = MethodProblems.named("Orders.findByAmount");
    problems.add("cannot order by Order.note");
    problems.addPredicate("would read the whole table orders");
    assertEquals(List.of("Orders.findByAmount: cannot order by Order.note",
        "Orders.findByAmount would read the whole table orders"), problems.sentences());
    assertNull(problems.problems().get(0).fragment(), "a problem of the declaration, not of a part of the name");
    assertThrows(IllegalArgumentException.class,
        () -> new MethodProblem("Orders.findByAmount", "Orders.other: a sentence of another method", null));
  }
}
