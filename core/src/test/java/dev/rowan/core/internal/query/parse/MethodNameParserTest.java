package dev.rowan.core.internal.query.parse;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MethodNameParserTest {

  private static final Named<Vocabulary> ORDER = Named.of("Order", new Vocabulary("Order",
      List.of("orderNo", "sellerId", "buyerId", "createdAt", "amount", "status", "note", "brand", "origin",
          "orderCount"),
      Map.of("seller", List.of("sellerId", "createdAt"), "buyer", List.of("buyerId", "createdAt"),
          "number", List.of("orderNo"))));

  /** Property names made of keyword and separator words, and a view named like a property. */
  private static final Named<Vocabulary> FLIGHT = Named.of("Flight", new Vocabulary("Flight",
      List.of("flightNo", "checkIn", "termsAndConditions", "terms", "conditions", "gate"),
      Map.of("gate", List.of("gate", "flightNo"), "departures", List.of("gate", "checkIn"))));

  /** Both {@code check} and {@code checkIn}: {@code CheckIn} reads as the keyword In on check. */
  private static final Named<Vocabulary> KIT = Named.of("Kit", new Vocabulary("Kit",
      List.of("check", "checkIn"), Map.of()));

  @ParameterizedTest(name = "{1} with {2} parameter(s) in {0} reads as: {3}")
  @MethodSource("validNames")
  void readsValidNames(Vocabulary vocabulary, String methodName, int parameterCount, String expected) {
    ParsedQuery query = MethodNameParser.parse(methodName, parameterCount, vocabulary);

    assertEquals(expected, render(query));
    assertEquals(methodName, query.methodName());
    assertEquals(parameterCount, query.parameterCount());
  }

  @ParameterizedTest(name = "{1} with {2} parameter(s) in {0} is refused with: {3}")
  @MethodSource("invalidNames")
  void refusesInvalidNames(Vocabulary vocabulary, String methodName, int parameterCount, String fragment) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MethodNameParser.parse(methodName, parameterCount, vocabulary));

    assertTrue(e.getMessage().startsWith(methodName + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(fragment), e.getMessage());
  }

  static Stream<Arguments> validNames() {
    return Stream.of(
        // prefixes
        valid("findBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("readBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("getBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("queryBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("streamBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("countBySellerId", 1, "COUNT [sellerId EQUALS p0]"),
        valid("existsByOrderNo", 1, "EXISTS [orderNo EQUALS p0]"),
        valid("deleteByOrderNo", 1, "DELETE [orderNo EQUALS p0]"),
        valid("removeByOrderNo", 1, "DELETE [orderNo EQUALS p0]"),
        // subjects and limits
        valid("findFirstBySellerId", 1, "FIND limit=1 [sellerId EQUALS p0]"),
        valid("findTopBySellerId", 1, "FIND limit=1 [sellerId EQUALS p0]"),
        valid("findTop10BySellerId", 1, "FIND limit=10 [sellerId EQUALS p0]"),
        valid("findFirst3BySellerId", 1, "FIND limit=3 [sellerId EQUALS p0]"),
        valid("findTop007BySellerId", 1, "FIND limit=7 [sellerId EQUALS p0]"),
        valid("findOrdersBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("findAllBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("countOrdersBySellerId", 1, "COUNT [sellerId EQUALS p0]"),
        valid("findTop10OrdersBySellerId", 1, "FIND limit=10 [sellerId EQUALS p0]"),
        valid("findFirst5OrdersBySellerIdOrderByCreatedAtDesc", 1,
            "FIND limit=5 [sellerId EQUALS p0] order [createdAt desc]"),
        valid("streamTop2ByStatus", 1, "FIND limit=2 [status EQUALS p0]"),
        valid("getFirstByOrderNo", 1, "FIND limit=1 [orderNo EQUALS p0]"),
        valid("queryTop3ByBrandOrderByAmountDesc", 1, "FIND limit=3 [brand EQUALS p0] order [amount desc]"),
        valid("findTopazBySellerId", 1, "FIND [sellerId EQUALS p0]"),
        valid("findFirstOrdersBySellerId", 1, "FIND limit=1 [sellerId EQUALS p0]"),
        // keywords, every word
        valid("findByAmountBetween", 2, "FIND [amount BETWEEN p0]"),
        valid("findByAmountIsBetween", 2, "FIND [amount BETWEEN p0]"),
        valid("findByStatusIn", 1, "FIND [status IN p0]"),
        valid("findByStatusIsIn", 1, "FIND [status IN p0]"),
        valid("findByNoteStartingWith", 1, "FIND [note STARTING_WITH p0]"),
        valid("findByNoteIsStartingWith", 1, "FIND [note STARTING_WITH p0]"),
        valid("findByNoteStartsWith", 1, "FIND [note STARTING_WITH p0]"),
        valid("findByAmountLessThanEqual", 1, "FIND [amount LESS_THAN_EQUAL p0]"),
        valid("findByAmountIsLessThanEqual", 1, "FIND [amount LESS_THAN_EQUAL p0]"),
        valid("findByAmountLessThan", 1, "FIND [amount LESS_THAN p0]"),
        valid("findByAmountIsLessThan", 1, "FIND [amount LESS_THAN p0]"),
        valid("findByCreatedAtBefore", 1, "FIND [createdAt LESS_THAN p0]"),
        valid("findByCreatedAtIsBefore", 1, "FIND [createdAt LESS_THAN p0]"),
        valid("findByAmountGreaterThanEqual", 1, "FIND [amount GREATER_THAN_EQUAL p0]"),
        valid("findByAmountIsGreaterThanEqual", 1, "FIND [amount GREATER_THAN_EQUAL p0]"),
        valid("findByAmountGreaterThan", 1, "FIND [amount GREATER_THAN p0]"),
        valid("findByAmountIsGreaterThan", 1, "FIND [amount GREATER_THAN p0]"),
        valid("findByCreatedAtAfter", 1, "FIND [createdAt GREATER_THAN p0]"),
        valid("findByCreatedAtIsAfter", 1, "FIND [createdAt GREATER_THAN p0]"),
        valid("findByStatusIs", 1, "FIND [status EQUALS p0]"),
        valid("findByStatusEquals", 1, "FIND [status EQUALS p0]"),
        valid("findByStatusIsEqual", 1, "FIND [status EQUALS p0]"),
        valid("findBySellerIdIsNull", 0, "FIND [sellerId IS_NULL p0]"),
        valid("findBySellerIdNull", 0, "FIND [sellerId IS_NULL p0]"),
        valid("findBySellerIdIsNotNull", 0, "FIND [sellerId IS_NOT_NULL p0]"),
        valid("countBySellerIdNotNull", 0, "COUNT [sellerId IS_NOT_NULL p0]"),
        valid("findByStatusNot", 1, "FIND [status NOT p0]"),
        valid("findByStatusIsNot", 1, "FIND [status NOT p0]"),
        valid("findByStatusNotIn", 1, "FIND [status NOT_IN p0]"),
        valid("findByStatusIsNotIn", 1, "FIND [status NOT_IN p0]"),
        valid("findByNoteEndingWith", 1, "FIND [note ENDING_WITH p0]"),
        valid("findByNoteIsEndingWith", 1, "FIND [note ENDING_WITH p0]"),
        valid("findByNoteEndsWith", 1, "FIND [note ENDING_WITH p0]"),
        valid("findByNoteContaining", 1, "FIND [note CONTAINING p0]"),
        valid("findByNoteIsContaining", 1, "FIND [note CONTAINING p0]"),
        valid("findByNoteContains", 1, "FIND [note CONTAINING p0]"),
        valid("findByNoteNotContaining", 1, "FIND [note NOT_CONTAINING p0]"),
        valid("findByNoteIsNotContaining", 1, "FIND [note NOT_CONTAINING p0]"),
        valid("findByNoteNotContains", 1, "FIND [note NOT_CONTAINING p0]"),
        // a parameterless condition binds no parameter: the next one starts where it would have
        valid("findBySellerIdAndNoteIsNullAndStatusNotIn", 2,
            "FIND [sellerId EQUALS p0, note IS_NULL p1, status NOT_IN p1]"),
        valid("findByNoteIsNullOrBuyerIdIsNotNullAndStatusNot", 1,
            "FIND [note IS_NULL p0] or [buyerId IS_NOT_NULL p0, status NOT p0]"),
        // And, Or and parameter indices
        valid("findBySellerIdAndCreatedAtBetween", 3, "FIND [sellerId EQUALS p0, createdAt BETWEEN p1]"),
        valid("findBySellerIdAndStatusInAndAmountGreaterThan", 3,
            "FIND [sellerId EQUALS p0, status IN p1, amount GREATER_THAN p2]"),
        valid("findBySellerIdOrBuyerId", 2, "FIND [sellerId EQUALS p0] or [buyerId EQUALS p1]"),
        valid("findBySellerIdAndStatusOrBuyerIdAndStatus", 4,
            "FIND [sellerId EQUALS p0, status EQUALS p1] or [buyerId EQUALS p2, status EQUALS p3]"),
        valid("findByCreatedAtBetweenOrAmountBetween", 4, "FIND [createdAt BETWEEN p0] or [amount BETWEEN p2]"),
        valid("findByAmountBetweenAndStatusIn", 3, "FIND [amount BETWEEN p0, status IN p2]"),
        valid("findByNoteStartsWithOrNoteIs", 2, "FIND [note STARTING_WITH p0] or [note EQUALS p1]"),
        valid("findByCreatedAtGreaterThanEqualAndCreatedAtLessThan", 2,
            "FIND [createdAt GREATER_THAN_EQUAL p0, createdAt LESS_THAN p1]"),
        valid("findBySellerIdOrBuyerIdOrOrderNo", 3,
            "FIND [sellerId EQUALS p0] or [buyerId EQUALS p1] or [orderNo EQUALS p2]"),
        valid("countBySellerIdAndCreatedAtAfter", 2, "COUNT [sellerId EQUALS p0, createdAt GREATER_THAN p1]"),
        valid("deleteByCreatedAtBefore", 1, "DELETE [createdAt LESS_THAN p0]"),
        valid("existsBySellerIdAndOrderNo", 2, "EXISTS [sellerId EQUALS p0, orderNo EQUALS p1]"),
        // properties that contain the words And and Or
        valid("findByBrand", 1, "FIND [brand EQUALS p0]"),
        valid("findByBrandAndOrderNo", 2, "FIND [brand EQUALS p0, orderNo EQUALS p1]"),
        valid("findByOrderNoOrOrigin", 2, "FIND [orderNo EQUALS p0] or [origin EQUALS p1]"),
        valid("findByOriginOrBrand", 2, "FIND [origin EQUALS p0] or [brand EQUALS p1]"),
        valid("findByBrandOrOrderCount", 2, "FIND [brand EQUALS p0] or [orderCount EQUALS p1]"),
        valid("findByOrderCountGreaterThanAndBrandIn", 2, "FIND [orderCount GREATER_THAN p0, brand IN p1]"),
        valid("findByOrderNoAndOrderCount", 2, "FIND [orderNo EQUALS p0, orderCount EQUALS p1]"),
        valid("findByOriginInOrOrderNoIn", 2, "FIND [origin IN p0] or [orderNo IN p1]"),
        valid("findByOrderNo", 1, "FIND [orderNo EQUALS p0]"),
        valid("findByOrderCount", 1, "FIND [orderCount EQUALS p0]"),
        valid("findByOrderCountOrOrderNo", 2, "FIND [orderCount EQUALS p0] or [orderNo EQUALS p1]"),
        valid("countByOrderCountBetween", 2, "COUNT [orderCount BETWEEN p0]"),
        // OrderBy
        valid("findBySellerIdOrderByCreatedAt", 1, "FIND [sellerId EQUALS p0] order [createdAt asc]"),
        valid("findBySellerIdOrderByCreatedAtAsc", 1, "FIND [sellerId EQUALS p0] order [createdAt asc]"),
        valid("findBySellerIdOrderByCreatedAtDesc", 1, "FIND [sellerId EQUALS p0] order [createdAt desc]"),
        valid("findBySellerIdOrderByCreatedAtDescOrderNoAsc", 1,
            "FIND [sellerId EQUALS p0] order [createdAt desc, orderNo asc]"),
        valid("findBySellerIdOrderByCreatedAtDescOrderNo", 1,
            "FIND [sellerId EQUALS p0] order [createdAt desc, orderNo asc]"),
        valid("findBySellerIdOrderByBrandDescOriginAsc", 1,
            "FIND [sellerId EQUALS p0] order [brand desc, origin asc]"),
        valid("findByOrderNoOrderByOrderCountDesc", 1, "FIND [orderNo EQUALS p0] order [orderCount desc]"),
        valid("findByStatusOrderByAmountAscCreatedAtDesc", 1,
            "FIND [status EQUALS p0] order [amount asc, createdAt desc]"),
        valid("findBySellerIdOrBuyerIdOrderByOrderNo", 2,
            "FIND [sellerId EQUALS p0] or [buyerId EQUALS p1] order [orderNo asc]"),
        // case-insensitive fallback
        valid("findBySelleridOrderByCreatedat", 1, "FIND [sellerId EQUALS p0] order [createdAt asc]"),
        valid("findByORDERNO", 1, "FIND [orderNo EQUALS p0]"),
        // the view shorthand
        valid("findBySeller", 1, "FIND [sellerId EQUALS p0] view=seller"),
        valid("findBySeller", 2, "FIND [sellerId EQUALS p0, createdAt EQUALS p1] view=seller"),
        valid("findBySellerBetween", 3, "FIND [sellerId EQUALS p0, createdAt BETWEEN p1] view=seller"),
        valid("findBySellerAfter", 2, "FIND [sellerId EQUALS p0, createdAt GREATER_THAN p1] view=seller"),
        valid("findBySellerIsBefore", 2, "FIND [sellerId EQUALS p0, createdAt LESS_THAN p1] view=seller"),
        valid("findBySellerGreaterThanEqual", 2,
            "FIND [sellerId EQUALS p0, createdAt GREATER_THAN_EQUAL p1] view=seller"),
        valid("findBySellerIn", 2, "FIND [sellerId EQUALS p0, createdAt IN p1] view=seller"),
        // ... with no more parameters than its keyword takes, the keyword applies to the first key property
        valid("findBySellerIn", 1, "FIND [sellerId IN p0] view=seller"),
        valid("findBySellerStartingWith", 1, "FIND [sellerId STARTING_WITH p0] view=seller"),
        valid("countBySellerStartingWith", 1, "COUNT [sellerId STARTING_WITH p0] view=seller"),
        valid("findBySellerBetween", 2, "FIND [sellerId BETWEEN p0] view=seller"),
        valid("findBySellerAfter", 1, "FIND [sellerId GREATER_THAN p0] view=seller"),
        valid("findBySellerIs", 1, "FIND [sellerId EQUALS p0] view=seller"),
        valid("findByNumberIn", 1, "FIND [orderNo IN p0] view=number"),
        valid("findByBuyerOrderByCreatedAtDesc", 1, "FIND [buyerId EQUALS p0] order [createdAt desc] view=buyer"),
        valid("findTop20BySellerBetweenOrderByCreatedAtDesc", 3,
            "FIND limit=20 [sellerId EQUALS p0, createdAt BETWEEN p1] order [createdAt desc] view=seller"),
        valid("countByBuyerAfter", 2, "COUNT [buyerId EQUALS p0, createdAt GREATER_THAN p1] view=buyer"),
        valid("deleteBySellerBefore", 2, "DELETE [sellerId EQUALS p0, createdAt LESS_THAN p1] view=seller"),
        valid("findByNumber", 1, "FIND [orderNo EQUALS p0] view=number"),
        valid("existsByNumber", 1, "EXISTS [orderNo EQUALS p0] view=number"),
        valid("findBySELLER", 1, "FIND [sellerId EQUALS p0] view=seller"),
        // keyword words inside property names, separator words inside property names, views named like properties
        valid(FLIGHT, "findByCheckIn", 1, "FIND [checkIn EQUALS p0]"),
        valid(FLIGHT, "findByCheckInIn", 1, "FIND [checkIn IN p0]"),
        valid(FLIGHT, "findByCheckInIsIn", 1, "FIND [checkIn IN p0]"),
        valid(FLIGHT, "findByCheckInBefore", 1, "FIND [checkIn LESS_THAN p0]"),
        valid(FLIGHT, "findByTermsAndConditions", 1, "FIND [termsAndConditions EQUALS p0]"),
        valid(FLIGHT, "findByTermsIsAndConditions", 2, "FIND [terms EQUALS p0, conditions EQUALS p1]"),
        valid(FLIGHT, "findByTermsAndConditionsOrGate", 2, "FIND [termsAndConditions EQUALS p0] or [gate EQUALS p1]"),
        valid(FLIGHT, "findByConditionsAndTermsAndConditions", 2,
            "FIND [conditions EQUALS p0, termsAndConditions EQUALS p1]"),
        valid(FLIGHT, "findByGate", 1, "FIND [gate EQUALS p0]"),
        valid(FLIGHT, "findByGateAndCheckInAfter", 2, "FIND [gate EQUALS p0, checkIn GREATER_THAN p1]"),
        valid(FLIGHT, "findByDepartures", 1, "FIND [gate EQUALS p0] view=departures"),
        valid(FLIGHT, "findByDeparturesAfter", 2, "FIND [gate EQUALS p0, checkIn GREATER_THAN p1] view=departures"),
        valid(FLIGHT, "findByFlightNoOrderByCheckInDesc", 1, "FIND [flightNo EQUALS p0] order [checkIn desc]"),
        valid(KIT, "findByCheckIn", 1, "FIND [check IN p0]"),
        valid(KIT, "findByCheckInIs", 1, "FIND [checkIn EQUALS p0]"),
        valid(KIT, "findByCheckInIn", 1, "FIND [checkIn IN p0]"),
        valid(KIT, "findByCheck", 1, "FIND [check EQUALS p0]"));
  }

  static Stream<Arguments> invalidNames() {
    String unknownSellerXd = "no property 'sellerXd' in Order; properties are [orderNo, sellerId, buyerId, "
        + "createdAt, amount, status, note, brand, origin, orderCount]; views are [buyer, number, seller]";
    return Stream.of(
        // prefix and By
        invalid("fetchBySellerId", 1, "does not start with one of find, read, get, query, stream, count, exists"),
        invalid("bySellerId", 1, "does not start with one of"),
        invalid("findersBySellerId", 1, "does not start with one of"),
        invalid("FindBySellerId", 1, "does not start with one of"),
        invalid("findSellerId", 1, "has no By"),
        invalid("find", 0, "has no By"),
        invalid("findBysellerId", 1, "has no By"),
        // no predicate
        invalid("findBy", 0, "has no predicate after By"),
        invalid("countBy", 0, "has no predicate after By"),
        invalid("findAllBy", 0, "has no predicate after By"),
        invalid("findAllOrderByCreatedAt", 0, "has no predicate after By"),
        invalid("findByOrderByCreatedAt", 0, "has no predicate after By"),
        invalid("findAllByOrderByCreatedAtDesc", 0, "has no predicate after By"),
        invalid("findOrderBySellerId", 1, "has no predicate after By"),
        // unknown properties
        invalid("findBySellerXd", 1, unknownSellerXd),
        invalid("findBySellerXdIn", 1, unknownSellerXd),
        invalid("findBySellerIdAndFoo", 2, "no property 'foo' in Order"),
        invalid("findByFooBetween", 2, "no property 'foo' in Order"),
        invalid("findBySellerIdOrFooIn", 2, "no property 'foo' in Order"),
        invalid("findByAmountBetweenAndBarAfter", 3, "no property 'bar' in Order"),
        // keywords of Spring Data's that Rowan does not accept, with what to write instead
        invalid("findBySellerIdLike", 1, "'Like' (on sellerId)"),
        invalid("findBySellerIdIgnoreCase", 1, "'IgnoreCase' (on sellerId) is a keyword of Spring Data's that Rowan"
            + " does not accept: Rowan compares values exactly"),
        invalid("findBySellerIdAndBuyerIdAllIgnoreCase", 2, "'AllIgnoreCase' (on buyerId)"),
        invalid("findBySellerIdIsTrue", 0, "'IsTrue' (on sellerId) is a keyword of Spring Data's that Rowan does"
            + " not accept: use equality with a boolean parameter"),
        invalid("findBySellerIdNear", 1, "'Near' (on sellerId)"),
        invalid("findByFooIsNull", 0, "no property 'foo' in Order"),
        invalid("findBySellerIdMatchesRegex", 1, "'MatchesRegex' (on sellerId) is a keyword of Spring Data's that"
            + " Rowan does not accept: Rowan's string conditions are StartingWith, EndingWith and Containing"),
        invalid("findBySellerIdNotLike", 1, "'NotLike' (on sellerId)"),
        invalid("findBySellerIdExists", 0, "'Exists' (on sellerId) is a keyword of Spring Data's that Rowan does not"
            + " accept: to require a value, write IsNotNull"),
        invalid("findBySellerIdIsNotEmpty", 0, "'IsNotEmpty' (on sellerId)"),
        invalid("findBySellerIdIsFalse", 0, "'IsFalse' (on sellerId)"),
        invalid("findBySellerIdWithin", 1, "'Within' (on sellerId)"),
        // the new keywords take the parameters they bind, none for the null tests
        invalid("findBySellerIdIsNull", 1, "the predicate expects 0 parameters, but 1 is given"),
        invalid("findBySellerIdNotIn", 2, "the predicate expects 1 parameter, but 2 are given"),
        // the view shorthand binds key parts: the keywords no key range answers are refused on it
        invalid("findBySellerIsNull", 1, "the view shorthand findBy<View><Keyword> takes Equals, In or a range, not"
            + " IsNull: write the conditions with their properties, as in findBySellerIdAnd<Property>IsNull"),
        invalid("findBySellerNot", 2, "takes Equals, In or a range, not Not"),
        invalid("findBySellerContaining", 2, "takes Equals, In or a range, not Containing"),
        invalid("findBySellerAndStatus", 2, "'seller' is a view, not a property of Order"),
        invalid("findByStatusOrBuyerAfter", 3, "'buyer' is a view, not a property of Order"),
        // dangling and doubled separators
        invalid("findBySellerIdAnd", 1, "the predicate ends with 'And' but no condition follows it"),
        invalid("findBySellerIdOr", 1, "the predicate ends with 'Or' but no condition follows it"),
        invalid("findBySellerIdAndOrderByCreatedAt", 1, "the predicate ends with 'And'"),
        invalid("findByAndSellerId", 1, "the predicate has no condition before 'And'"),
        invalid("findByOrSellerId", 1, "the predicate has no condition before 'Or'"),
        invalid("findBySellerIdAndOrBuyerId", 2, "the predicate has no condition before 'Or'"),
        invalid("findBySellerIdAndAndBuyerId", 2, "the predicate has no condition before 'And'"),
        // OrderBy
        invalid("findBySellerIdOrderByFoo", 1, "no property 'foo' in Order to order by; properties are [orderNo,"),
        invalid("findBySellerIdOrderByCreatedAtDescFooAsc", 1, "no property 'foo' in Order to order by"),
        invalid("findBySellerIdOrderByFooDesc", 1, "no property 'foo' in Order to order by"),
        invalid("findBySellerIdOrderByDesc", 1, "no property 'desc' in Order to order by"),
        invalid("findBySellerIdOrderByCreatedAtOrderByAmount", 1, "no property 'orderByAmount' in Order to order by"),
        invalid("findBySellerIdOrderBy", 1, "has no property after OrderBy"),
        invalid("findBySellerOrderBySeller", 1, "no property 'seller' in Order to order by"),
        // limits and Distinct
        invalid("findTop0BySellerId", 1, "Top0 is not a valid limit: the number must be between 1 and 2147483647"),
        invalid("findFirst0BySellerId", 1, "First0 is not a valid limit"),
        invalid("findTop99999999999BySellerId", 1, "Top99999999999 is not a valid limit"),
        invalid("countTop10BySellerId", 1, "a limit (Top10) is only allowed on find methods, not on count"),
        invalid("existsFirstBySellerId", 1, "a limit (First) is only allowed on find methods, not on exists"),
        invalid("deleteTop5ByCreatedAtBefore", 1, "a limit (Top5) is only allowed on find methods, not on delete"),
        invalid("removeFirstByOrderNo", 1, "a limit (First) is only allowed on find methods, not on remove"),
        invalid("findDistinctBySellerId", 1, "Distinct is not supported"),
        invalid("findDistinctOrdersBySellerId", 1, "Distinct is not supported"),
        invalid("findTop10DistinctBySellerId", 1, "Distinct is not supported"),
        // parameter counts
        invalid("findBySellerId", 0, "the predicate expects 1 parameter, but 0 are given"),
        invalid("findBySellerId", 2, "the predicate expects 1 parameter, but 2 are given"),
        invalid("findByAmountBetween", 1, "the predicate expects 2 parameters, but 1 is given"),
        invalid("findBySellerIdAndCreatedAtBetween", 2, "the predicate expects 3 parameters, but 2 are given"),
        invalid("findBySellerIdOrBuyerId", 1, "the predicate expects 2 parameters, but 1 is given"),
        invalid("findBySellerId", -1, "the parameter count -1 is negative"),
        // the view shorthand
        invalid("findBySeller", 3,
            "view 'seller' with key [sellerId, createdAt] takes 1 to 2 parameters, but 3 are given"),
        invalid("findBySeller", 0,
            "view 'seller' with key [sellerId, createdAt] takes 1 to 2 parameters, but 0 are given"),
        invalid("findBySellerBetween", 4,
            "view 'seller' with key [sellerId, createdAt] takes 2 to 3 parameters with Between, but 4 are given"),
        invalid("findBySellerBetween", 1, "takes 2 to 3 parameters with Between, but 1 is given"),
        invalid("findBySellerAfter", 0,
            "view 'seller' with key [sellerId, createdAt] takes 1 to 2 parameters with After, but 0 are given"),
        invalid("findBySellerAfter", 3, "takes 1 to 2 parameters with After, but 3 are given"),
        invalid("findByNumber", 2, "view 'number' with key [orderNo] takes 1 parameter, but 2 are given"),
        invalid("findByNumberIn", 2, "view 'number' with key [orderNo] takes 1 parameter with In, but 2 are given"),
        // a property wins over a view of the same name, and over a split
        invalid(FLIGHT, "findByGate", 2, "the predicate expects 1 parameter, but 2 are given"),
        invalid(FLIGHT, "findByTermsAndConditions", 2, "the predicate expects 1 parameter, but 2 are given"),
        invalid(FLIGHT, "findByCheck", 1, "no property 'check' in Flight"),
        invalid(KIT, "findByCheckInIn", 2, "the predicate expects 1 parameter, but 2 are given"));
  }

  @Test
  void noWordOfAKeywordRowanAcceptsIsAlsoAdvisedAgainst() {
    for (Keyword keyword : Keyword.values()) {
      for (String word : keyword.words()) {
        assertFalse(MethodNameParser.UNSUPPORTED.containsKey(word), word);
      }
    }
  }

  @Test
  void keepsPropertiesThatContainAndOrOrWhole() {
    Vocabulary order = ORDER.getPayload();

    assertAll(
        () -> assertEquals("FIND [brand EQUALS p0, orderNo EQUALS p1]",
            render(MethodNameParser.parse("findByBrandAndOrderNo", 2, order))),
        () -> assertEquals("FIND [orderNo EQUALS p0] or [origin EQUALS p1]",
            render(MethodNameParser.parse("findByOrderNoOrOrigin", 2, order))),
        () -> assertEquals("FIND [origin IN p0, brand EQUALS p1] or [orderCount LESS_THAN p2]",
            render(MethodNameParser.parse("findByOriginInAndBrandOrOrderCountBefore", 3, order))));
  }

  @Test
  void prefersTheLongestPropertyAndSplitsWhenAKeywordEndsThePiece() {
    Vocabulary flight = FLIGHT.getPayload();

    assertEquals(List.of(List.of(new Condition("termsAndConditions", Keyword.IN, 0))),
        MethodNameParser.parse("findByTermsAndConditionsIn", 1, flight).groups());
    assertEquals(
        List.of(List.of(new Condition("terms", Keyword.EQUALS, 0), new Condition("conditions", Keyword.IN, 1))),
        MethodNameParser.parse("findByTermsIsAndConditionsIn", 2, flight).groups());
  }

  @Test
  void readsAKeywordSuffixOnlyWhereTheRestIsAProperty() {
    assertEquals(new Condition("checkIn", Keyword.EQUALS, 0),
        MethodNameParser.parse("findByCheckIn", 1, FLIGHT.getPayload()).groups().get(0).get(0));
    assertEquals(new Condition("check", Keyword.IN, 0),
        MethodNameParser.parse("findByCheckIn", 1, KIT.getPayload()).groups().get(0).get(0));
  }

  @Test
  void readsThePropertyWhenANameIsBothAPropertyAndAView() {
    ParsedQuery query = MethodNameParser.parse("findByGate", 1, FLIGHT.getPayload());

    assertEquals(List.of(List.of(new Condition("gate", Keyword.EQUALS, 0))), query.groups());
    assertNull(query.view());
  }

  @Test
  void namesTheMethodThePropertiesAndTheViewsWhenAPropertyIsUnknown() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MethodNameParser.parse("findBySellerXd", 1, ORDER.getPayload()));

    assertEquals("findBySellerXd: no property 'sellerXd' in Order; properties are [orderNo, sellerId, buyerId, "
        + "createdAt, amount, status, note, brand, origin, orderCount]; views are [buyer, number, seller]",
        e.getMessage());
  }

  @Test
  void returnsTheViewNameAsDeclared() {
    ParsedQuery query = MethodNameParser.parse("findTop5BySellerBetweenOrderByCreatedAtDesc", 3, ORDER.getPayload());

    assertEquals(new ParsedQuery("findTop5BySellerBetweenOrderByCreatedAtDesc", QueryAction.FIND, 5,
        List.of(List.of(new Condition("sellerId", Keyword.EQUALS, 0), new Condition("createdAt", Keyword.BETWEEN, 1))),
        List.of(new SortKey("createdAt", true)), "seller", 3), query);
  }

  /** Renders a query compactly, e.g. {@code FIND limit=10 [sellerId EQUALS p0] order [createdAt desc] view=seller}. */
  private static String render(ParsedQuery query) {
    StringBuilder text = new StringBuilder(query.action().name());
    if (query.limit() > 0) {
      text.append(" limit=").append(query.limit());
    }
    text.append(' ').append(query.groups().stream()
        .map(group -> group.stream().map(c -> c.property() + " " + c.keyword() + " p" + c.parameter())
            .collect(joining(", ", "[", "]")))
        .collect(joining(" or ")));
    if (!query.sorts().isEmpty()) {
      text.append(" order ").append(query.sorts().stream()
          .map(sort -> sort.property() + (sort.descending() ? " desc" : " asc")).collect(joining(", ", "[", "]")));
    }
    if (query.view() != null) {
      text.append(" view=").append(query.view());
    }
    return text.toString();
  }

  private static Arguments valid(String methodName, int parameterCount, String expected) {
    return valid(ORDER, methodName, parameterCount, expected);
  }

  private static Arguments valid(Named<Vocabulary> vocabulary, String methodName, int parameterCount, String expected) {
    return Arguments.of(vocabulary, methodName, parameterCount, expected);
  }

  private static Arguments invalid(String methodName, int parameterCount, String fragment) {
    return invalid(ORDER, methodName, parameterCount, fragment);
  }

  private static Arguments invalid(Named<Vocabulary> vocabulary, String methodName, int parameterCount,
      String fragment) {
    return Arguments.of(vocabulary, methodName, parameterCount, fragment);
  }
}
