package dev.rowan.core.internal.query.plan;

import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class QueryPlannerTest {

  enum Status { NEW, PAID, SHIPPED }

  /**
   * The integration tests' order, salted, with four views declared so that declaration order alone
   * never explains a choice: buyer (partial, declared first), seller (full copy), state (an enum
   * leading part) and number (unique).
   */
  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d")
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"}, format = Index.Format.COLUMNS)
  @Index(name = "seller", key = {"sellerId", "createdAt"}, format = Index.Format.COLUMNS)
  @Index(name = "state", key = {"status", "amount"}, format = Index.Format.COLUMNS)
  @Index(name = "number", key = {"note"}, unique = true, format = Index.Format.COLUMNS)
  record Order(
      @RowKey String orderNo,
      @Column(name = "s") String sellerId,
      @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "n") String note,
      @Column(name = "st") Status status) {}

  /** Unsalted, a composite key whose last part is newest first, and a full-copy view by duration. */
  @Table(name = "calls")
  @Index(name = "longest", key = {"month", "duration"}, format = Index.Format.COLUMNS)
  record Call(
      @RowKey(order = 0) int month,
      @RowKey(order = 1) String phone,
      @RowKey(order = 2) @Descending long ts,
      int duration,
      String carrier) {}

  /** A key that starts with md5(uid). */
  @Table(name = "profiles")
  record Profile(@RowKey(order = 0) @HashPrefix(length = 4) String uid, @RowKey(order = 1) Instant createdAt,
      String name) {}

  /** A key part stored reversed: equality works, ranges and order do not. */
  @Table(name = "subscribers")
  record Subscriber(@RowKey(order = 0) @Reversed String phone, @RowKey(order = 1) long since, String plan) {}

  /** A hash prefix of the second key part: the key is [md5(deviceId)][region][deviceId]. */
  @Table(name = "devices")
  record Device(@RowKey(order = 0) String region, @RowKey(order = 1) @HashPrefix(length = 4) String deviceId,
      long seen) {}

  /** A cyclic time after the host, then newest first in a second cyclic part: keys by position, then cycle. */
  @Table(name = "pings")
  @Family(name = "d", ttlSeconds = 86_400)
  record Ping(@RowKey(order = 0) String host, @RowKey(order = 1) @Cyclic(period = "P20D") Instant at,
      @RowKey(order = 2) @Cyclic(period = "P20D") @Descending Instant seen, String status) {}

  /** Wide: every line of an order in one row, by line number. */
  @Table(name = "lines")
  record Line(@RowKey String orderNo, @ColumnKey int lineNo, String sku) {}

  /** An entity's model, views and the vocabulary its repository methods are parsed with. */
  record Fixture(EntityModel<?> model, List<ViewModel> views, Vocabulary vocabulary) {

    static Named<Fixture> of(Class<?> type) {
      EntityModel<?> model = EntityModel.of(type);
      List<ViewModel> views = ViewMaintainer.of(model).views();
      Map<String, List<String>> viewKeys = new LinkedHashMap<>();
      views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
      Vocabulary vocabulary = new Vocabulary(model.entityName(),
          model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
      return Named.of(type.getSimpleName(), new Fixture(model, views, vocabulary));
    }

    MethodPlan plan(String methodName, int parameterCount) {
      return QueryPlanner.plan(MethodNameParser.parse(methodName, parameterCount, vocabulary), model, views);
    }
  }

  private static final Named<Fixture> ORDER = Fixture.of(Order.class);
  private static final Named<Fixture> CALL = Fixture.of(Call.class);
  private static final Named<Fixture> PROFILE = Fixture.of(Profile.class);
  private static final Named<Fixture> SUBSCRIBER = Fixture.of(Subscriber.class);
  private static final Named<Fixture> DEVICE = Fixture.of(Device.class);
  private static final Named<Fixture> LINE = Fixture.of(Line.class);

  @ParameterizedTest(name = "{1} with {2} parameter(s) on {0} reads: {3}")
  @MethodSource("plans")
  void plans(Fixture fixture, String methodName, int parameterCount, String expected) {
    assertEquals(expected, render(fixture.plan(methodName, parameterCount)));
  }

  static Stream<Arguments> plans() {
    return Stream.of(
        // ---- Order: gets of the main key
        plan(ORDER, "findByOrderNo", 1, "table GET [orderNo EQUALS] residual [] " + FWD),
        plan(ORDER, "existsByOrderNo", 1, "table GET [orderNo EQUALS] residual [] " + FWD),
        plan(ORDER, "findByOrderNoIn", 1, "table GET [orderNo IN] residual [] " + FWD),
        plan(ORDER, "findByOrderNoAndStatus", 2, "table GET [orderNo EQUALS] residual [status EQUALS] " + FWD),
        plan(ORDER, "findByOrderNoInOrderByCreatedAt", 1,
            "table GET [orderNo IN] residual [] " + SORTED),
        // a get beats a view scan that binds three parts
        plan(ORDER, "findByOrderNoAndSellerIdAndCreatedAt", 3,
            "table GET [orderNo EQUALS] residual [sellerId EQUALS, createdAt EQUALS] " + FWD),
        // ---- Order: the keywords no key range answers are residual, even on a key part
        plan(ORDER, "findBySellerIdAndCreatedAtIsNotNull", 1,
            "view seller SCAN [sellerId EQUALS] residual [createdAt IS_NOT_NULL] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtNotAndNoteEndingWith", 3,
            "view seller SCAN [sellerId EQUALS] residual [createdAt NOT, note ENDING_WITH] " + FWD),
        plan(ORDER, "findByOrderNoNotInAndSellerId", 2,
            "view seller SCAN [sellerId EQUALS] residual [orderNo NOT_IN] " + FWD),
        // ---- Order: the seller view, each range keyword on createdAt
        plan(ORDER, "findBySellerId", 1, "view seller SCAN [sellerId EQUALS] residual [] " + FWD),
        plan(ORDER, "findBySellerIdIn", 1, "view seller SCAN [sellerId IN] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtBetween", 3,
            "view seller SCAN [sellerId EQUALS, createdAt BETWEEN] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtLessThan", 2,
            "view seller SCAN [sellerId EQUALS, createdAt LESS_THAN] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtLessThanEqual", 2,
            "view seller SCAN [sellerId EQUALS, createdAt LESS_THAN_EQUAL] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtGreaterThan", 2,
            "view seller SCAN [sellerId EQUALS, createdAt GREATER_THAN] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtGreaterThanEqual", 2,
            "view seller SCAN [sellerId EQUALS, createdAt GREATER_THAN_EQUAL] residual [] " + FWD),
        plan(ORDER, "findBySellerIdAndCreatedAtBefore", 2,
            "view seller SCAN [sellerId EQUALS, createdAt LESS_THAN] residual [] " + FWD),
        plan(ORDER, "countBySellerIdAndCreatedAtAfter", 2,
            "view seller SCAN [sellerId EQUALS, createdAt GREATER_THAN] residual [] " + FWD),
        // StartingWith bounds only strings: on an Instant it is checked on each entity
        plan(ORDER, "findBySellerIdAndCreatedAtStartingWith", 2,
            "view seller SCAN [sellerId EQUALS] residual [createdAt STARTING_WITH] " + FWD),
        // one range per part: the second bound is checked on each entity
        plan(ORDER, "findBySellerIdAndCreatedAtAfterAndCreatedAtBefore", 3,
            "view seller SCAN [sellerId EQUALS, createdAt GREATER_THAN] residual [createdAt LESS_THAN] " + FWD),
        plan(ORDER, "findBySellerIdAndAmountGreaterThan", 2,
            "view seller SCAN [sellerId EQUALS] residual [amount GREATER_THAN] " + FWD),
        // ---- Order: the view shorthand reads only the named view
        plan(ORDER, "findBySellerBetween", 3,
            "view seller SCAN [sellerId EQUALS, createdAt BETWEEN] residual [] " + FWD),
        plan(ORDER, "findByBuyerOrderByCreatedAtDesc", 1,
            "view buyer SCAN [buyerId EQUALS] residual [] reversed=true ordered=true secondRead=true"
                + " sortInMemory=false"),
        plan(ORDER, "findByBuyerAfter", 2,
            "view buyer SCAN [buyerId EQUALS, createdAt GREATER_THAN] residual [] " + FWD_2ND),
        plan(ORDER, "findByNumber", 1, "view number GET [note EQUALS] residual [] " + FWD),
        // ---- Order: ranking between views
        plan(ORDER, "findByBuyerId", 1, "view buyer SCAN [buyerId EQUALS] residual [] " + FWD_2ND),
        // full copy beats a partial view declared before it on a tie
        plan(ORDER, "findBySellerIdAndBuyerId", 2,
            "view seller SCAN [sellerId EQUALS] residual [buyerId EQUALS] " + FWD),
        plan(ORDER, "findByBuyerIdAndSellerIdAndCreatedAtAfter", 3,
            "view seller SCAN [sellerId EQUALS, createdAt GREATER_THAN] residual [buyerId EQUALS] " + FWD),
        // more bound parts beat no second read
        plan(ORDER, "findByBuyerIdAndCreatedAtAfterAndStatus", 3,
            "view buyer SCAN [buyerId EQUALS, createdAt GREATER_THAN] residual [status EQUALS] " + FWD_2ND),
        // a full tie goes to the view declared first
        plan(ORDER, "findByStatusAndSellerId", 2,
            "view seller SCAN [sellerId EQUALS] residual [status EQUALS] " + FWD),
        // ordered beats sorted: state is declared after seller
        plan(ORDER, "findBySellerIdAndStatusOrderByAmount", 2,
            "view state SCAN [status EQUALS] residual [sellerId EQUALS] " + FWD),
        plan(ORDER, "findBySellerIdAndStatusOrderByCreatedAtDesc", 2,
            "view seller SCAN [sellerId EQUALS] residual [status EQUALS] " + REV),
        // ---- Order: order from the key, or in memory
        plan(ORDER, "findTop5BySellerIdOrderByCreatedAtDesc", 1,
            "view seller SCAN [sellerId EQUALS] residual [] " + REV),
        plan(ORDER, "findBySellerIdOrderByCreatedAtDescOrderNoDesc", 1,
            "view seller SCAN [sellerId EQUALS] residual [] " + REV),
        plan(ORDER, "findBySellerIdAndCreatedAtBetweenOrderByCreatedAt", 3,
            "view seller SCAN [sellerId EQUALS, createdAt BETWEEN] residual [] " + FWD),
        plan(ORDER, "findBySellerIdOrderByCreatedAtDescOrderNoAsc", 1,
            "view seller SCAN [sellerId EQUALS] residual [] " + SORTED),
        plan(ORDER, "findBySellerIdOrderByAmount", 1, "view seller SCAN [sellerId EQUALS] residual [] " + SORTED),
        plan(ORDER, "findBySellerIdInOrderByCreatedAt", 1, "view seller SCAN [sellerId IN] residual [] " + SORTED),
        // ---- Order: an enum leading part binds values, never a range or an order
        plan(ORDER, "findByStatus", 1, "view state SCAN [status EQUALS] residual [] " + FWD),
        plan(ORDER, "findByStatusIn", 1, "view state SCAN [status IN] residual [] " + FWD),
        plan(ORDER, "findByStatusAndAmountBetween", 3,
            "view state SCAN [status EQUALS, amount BETWEEN] residual [] " + FWD),
        plan(ORDER, "findByStatusAndAmountGreaterThanOrderByAmountDesc", 2,
            "view state SCAN [status EQUALS, amount GREATER_THAN] residual [] " + REV),
        plan(ORDER, "findByStatusGreaterThan", 1, "table FULL_SCAN [] residual [status GREATER_THAN] " + FWD_UNORDERED),
        plan(ORDER, "findByStatusInOrderByStatus", 1, "view state SCAN [status IN] residual [] " + SORTED),
        // ---- Order: the unique view
        plan(ORDER, "findByNote", 1, "view number GET [note EQUALS] residual [] " + FWD),
        plan(ORDER, "findByNoteIn", 1, "view number GET [note IN] residual [] " + FWD),
        plan(ORDER, "findByNoteStartingWith", 1, "view number SCAN [note STARTING_WITH] residual [] " + FWD),
        plan(ORDER, "findByNoteStartingWithOrderByNoteDesc", 1,
            "view number SCAN [note STARTING_WITH] residual [] " + REV),
        // ---- Order: nothing binds a leading part
        plan(ORDER, "findByCreatedAtBetween", 2, "table FULL_SCAN [] residual [createdAt BETWEEN] " + FWD_UNORDERED),
        // no skip scan over the state view's leading part, the enum status: an order whose status is null has no
        // row in that view, and one range per status would miss it
        plan(ORDER, "findByAmountLessThanOrderByCreatedAt", 1,
            "table FULL_SCAN [] residual [amount LESS_THAN] reversed=false ordered=false secondRead=false"
                + " sortInMemory=true"),
        // ---- Order: Or groups, each planned on its own
        plan(ORDER, "findBySellerIdOrBuyerId", 2,
            "view seller SCAN [sellerId EQUALS] residual [] reversed=false ordered=true secondRead=false"
                + " or view buyer SCAN [buyerId EQUALS] residual [] " + FWD_2ND),
        plan(ORDER, "findByOrderNoOrNote", 2,
            "table GET [orderNo EQUALS] residual [] reversed=false ordered=true secondRead=false"
                + " or view number GET [note EQUALS] residual [] " + FWD),
        plan(ORDER, "findBySellerIdOrBuyerIdOrderByCreatedAt", 2,
            "view seller SCAN [sellerId EQUALS] residual [] reversed=false ordered=true secondRead=false"
                + " or view buyer SCAN [buyerId EQUALS] residual [] reversed=false ordered=true secondRead=true"
                + " sortInMemory=true"),
        plan(ORDER, "findBySellerIdOrAmountGreaterThan", 2,
            "view seller SCAN [sellerId EQUALS] residual [] reversed=false ordered=true secondRead=false"
                + " or table FULL_SCAN [] residual [amount GREATER_THAN] " + FWD_UNORDERED),

        // ---- Call: prefixes of the composite key [month][phone][ts desc]
        plan(CALL, "findByMonthAndPhoneAndTs", 3,
            "table GET [month EQUALS, phone EQUALS, ts EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneAndTsIn", 3,
            "table GET [month EQUALS, phone EQUALS, ts IN] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneAndTsOrderByDuration", 3,
            "table GET [month EQUALS, phone EQUALS, ts EQUALS] residual [] " + FWD),
        // a full tie between the main table and a view goes to the main table
        plan(CALL, "findByMonth", 1, "table SCAN [month EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthIn", 1, "table SCAN [month IN] residual [] " + FWD),
        plan(CALL, "findByMonthBetween", 2, "table SCAN [month BETWEEN] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhone", 2, "table SCAN [month EQUALS, phone EQUALS] residual [] " + FWD),
        plan(CALL, "findByPhoneAndMonth", 2, "table SCAN [month EQUALS, phone EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneIn", 2, "table SCAN [month EQUALS, phone IN] residual [] " + FWD),
        plan(CALL, "findByMonthInAndPhoneAndTsBetween", 4,
            "table SCAN [month IN, phone EQUALS, ts BETWEEN] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneStartingWith", 2,
            "table SCAN [month EQUALS, phone STARTING_WITH] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneGreaterThanEqual", 2,
            "table SCAN [month EQUALS, phone GREATER_THAN_EQUAL] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneAndTsLessThanEqual", 3,
            "table SCAN [month EQUALS, phone EQUALS, ts LESS_THAN_EQUAL] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneAndTsAfter", 3,
            "table SCAN [month EQUALS, phone EQUALS, ts GREATER_THAN] residual [] " + FWD),
        // a range on a part after an unbound one is checked on each entity
        plan(CALL, "findByMonthAndTsBetween", 3, "table SCAN [month EQUALS] residual [ts BETWEEN] " + FWD),
        plan(CALL, "findByMonthAndPhoneStartingWithAndTsBetween", 4,
            "table SCAN [month EQUALS, phone STARTING_WITH] residual [ts BETWEEN] " + FWD),
        plan(CALL, "findByPhone", 1, "table FULL_SCAN [] residual [phone EQUALS] " + FWD_UNORDERED),
        plan(CALL, "findByPhoneAndTs", 2, "table FULL_SCAN [] residual [phone EQUALS, ts EQUALS] " + FWD_UNORDERED),
        // descending ts: newest first is the forward scan
        plan(CALL, "findByMonthAndPhoneOrderByTsDesc", 2, "table SCAN [month EQUALS, phone EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneOrderByTsAsc", 2, "table SCAN [month EQUALS, phone EQUALS] residual [] " + REV),
        plan(CALL, "findByMonthAndPhoneOrderByTs", 2, "table SCAN [month EQUALS, phone EQUALS] residual [] " + REV),
        plan(CALL, "findByMonthAndPhoneAndTsBetweenOrderByTsDesc", 4,
            "table SCAN [month EQUALS, phone EQUALS, ts BETWEEN] residual [] " + FWD),
        plan(CALL, "findByMonthOrderByPhoneAscTsDesc", 1, "table SCAN [month EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthOrderByPhoneDescTsAsc", 1, "table SCAN [month EQUALS] residual [] " + REV),
        plan(CALL, "findByMonthOrderByPhoneAscTsAsc", 1, "table SCAN [month EQUALS] residual [] " + SORTED),
        // a sort on a property bound by equality needs no order
        plan(CALL, "findByMonthAndPhoneOrderByPhoneDescTsDesc", 2,
            "table SCAN [month EQUALS, phone EQUALS] residual [] " + FWD),
        // In before the ordered part: sorted in memory
        plan(CALL, "findByMonthInOrderByPhone", 1, "table SCAN [month IN] residual [] " + SORTED),
        plan(CALL, "findByMonthAndPhoneInOrderByTsDesc", 2,
            "table SCAN [month EQUALS, phone IN] residual [] " + SORTED),
        // a range on phone breaks the order of ts
        plan(CALL, "findByMonthAndPhoneBetweenOrderByTsDesc", 3,
            "table SCAN [month EQUALS, phone BETWEEN] residual [] " + SORTED),
        // ordered beats sorted: the view wins a tie that the main table would win
        plan(CALL, "findByMonthOrderByDuration", 1, "view longest SCAN [month EQUALS] residual [] " + FWD),
        plan(CALL, "findByMonthOrderByDurationDesc", 1, "view longest SCAN [month EQUALS] residual [] " + REV),
        // more bound parts beat ordered
        plan(CALL, "findByMonthAndPhoneOrderByDuration", 2,
            "table SCAN [month EQUALS, phone EQUALS] residual [] " + SORTED),
        plan(CALL, "findByMonthAndDurationGreaterThan", 2,
            "view longest SCAN [month EQUALS, duration GREATER_THAN] residual [] " + FWD),
        plan(CALL, "findByMonthAndPhoneOrMonthAndCarrier", 4,
            "table SCAN [month EQUALS, phone EQUALS] residual [] reversed=false ordered=true secondRead=false"
                + " or table SCAN [month EQUALS] residual [carrier EQUALS] " + FWD),

        // ---- Profile: [md5(uid)][uid][createdAt]
        plan(PROFILE, "findByUid", 1, "table SCAN [uid EQUALS] residual [] " + FWD),
        plan(PROFILE, "findByUidIn", 1, "table SCAN [uid IN] residual [] " + FWD),
        plan(PROFILE, "findByUidAndCreatedAt", 2, "table GET [uid EQUALS, createdAt EQUALS] residual [] " + FWD),
        plan(PROFILE, "findByUidAndCreatedAtBetween", 3,
            "table SCAN [uid EQUALS, createdAt BETWEEN] residual [] " + FWD),
        plan(PROFILE, "findByUidOrderByCreatedAtDesc", 1, "table SCAN [uid EQUALS] residual [] " + REV),
        plan(PROFILE, "findByCreatedAtBetween", 2,
            "table FULL_SCAN [] residual [createdAt BETWEEN] " + FWD_UNORDERED),
        plan(PROFILE, "findByUidStartingWith", 1, "table FULL_SCAN [] residual [uid STARTING_WITH] " + FWD_UNORDERED),
        plan(PROFILE, "findByUidGreaterThan", 1, "table FULL_SCAN [] residual [uid GREATER_THAN] " + FWD_UNORDERED),

        // ---- Device: [md5(deviceId)][region][deviceId]
        plan(DEVICE, "findByRegionAndDeviceId", 2,
            "table GET [region EQUALS, deviceId EQUALS] residual [] " + FWD),
        plan(DEVICE, "findByRegion", 1, "table FULL_SCAN [] residual [region EQUALS] " + FWD_UNORDERED),
        plan(DEVICE, "findByRegionBetween", 2, "table FULL_SCAN [] residual [region BETWEEN] " + FWD_UNORDERED),

        // ---- Subscriber: [reversed phone][since]
        plan(SUBSCRIBER, "findByPhone", 1, "table SCAN [phone EQUALS] residual [] " + FWD),
        plan(SUBSCRIBER, "findByPhoneIn", 1, "table SCAN [phone IN] residual [] " + FWD),
        plan(SUBSCRIBER, "findByPhoneAndSince", 2, "table GET [phone EQUALS, since EQUALS] residual [] " + FWD),
        plan(SUBSCRIBER, "findByPhoneAndSinceAfter", 2,
            "table SCAN [phone EQUALS, since GREATER_THAN] residual [] " + FWD),
        plan(SUBSCRIBER, "findByPhoneOrderBySinceDesc", 1, "table SCAN [phone EQUALS] residual [] " + REV),
        plan(SUBSCRIBER, "findByPhoneStartingWith", 1,
            "table FULL_SCAN [] residual [phone STARTING_WITH] " + FWD_UNORDERED),
        plan(SUBSCRIBER, "findByPhoneBetween", 2, "table FULL_SCAN [] residual [phone BETWEEN] " + FWD_UNORDERED),
        plan(SUBSCRIBER, "findByPhoneLessThan", 1, "table FULL_SCAN [] residual [phone LESS_THAN] " + FWD_UNORDERED),
        plan(SUBSCRIBER, "findByPhoneInOrderByPhone", 1, "table SCAN [phone IN] residual [] " + SORTED),
        plan(SUBSCRIBER, "findByPlanOrderByPhone", 1,
            "table FULL_SCAN [] residual [plan EQUALS] reversed=false ordered=false secondRead=false"
                + " sortInMemory=true"),

        // ---- Line (wide): the column key part is not in the row key
        plan(LINE, "findByOrderNo", 1, "table GET [orderNo EQUALS] residual [] " + FWD),
        plan(LINE, "findByOrderNoAndLineNoBetween", 3,
            "table GET [orderNo EQUALS] residual [lineNo BETWEEN] " + FWD));
  }

  private static final String FWD = "reversed=false ordered=true secondRead=false sortInMemory=false";
  private static final String FWD_2ND = "reversed=false ordered=true secondRead=true sortInMemory=false";
  private static final String REV = "reversed=true ordered=true secondRead=false sortInMemory=false";
  private static final String SORTED = "reversed=false ordered=false secondRead=false sortInMemory=true";
  private static final String FWD_UNORDERED = "reversed=false ordered=false secondRead=false sortInMemory=false";

  /** The residual is a StartingWith, which stays a check on each entity read (nothing is filtered on the servers). */
  @Test
  void explainsTheChosenPlanAndEveryRejectedOne() {
    Fixture order = ORDER.getPayload();
    String method = "OrderRepository.findTop10BySellerIdAndCreatedAtAfterAndNoteStartingWithOrderByCreatedAtDesc";

    MethodPlan plan = order.plan("findTop10BySellerIdAndCreatedAtAfterAndNoteStartingWithOrderByCreatedAtDesc", 3);

    assertEquals("""
        OrderRepository.findTop10BySellerIdAndCreatedAtAfterAndNoteStartingWithOrderByCreatedAtDesc
          reads view orders.seller [salt 4][sellerId][createdAt][orderNo]
          reversed range scan on [sellerId = ?1, createdAt > ?2]: one range per salt bucket (4 buckets), \
        merged in key order
          filtered on the region servers: [note starting with ?3] (rows not yet verified pass, for the reader to \
        check)
          checked on each entity read: [note starting with ?3]
          second read: no, the view carries every column
          order: [createdAt desc], by key, reversed scan
          limit: 10, each scan limited to 10 rows (Scan.setLimit), reading on only past rows it drops
          rejected:
            view orders.number [salt 4][note]: range scan, 1 key part bound [note starting with ?3], sorted in memory
            table orders [salt 4][orderNo]: would read the whole table: no condition binds its leading key part orderNo
            view orders.state [salt 4][status][amount][orderNo]: would read the whole table: no condition binds its \
        leading key part status
            view orders.buyer [salt 4][buyerId][createdAt][orderNo]: would read the whole table: no condition binds \
        its leading key part buyerId
        """, PlanText.explain(method, plan, order.model()));
  }

  /**
   * Each keyword beyond equality and ranges, as explain prints it, filtered and checked: on a view,
   * IsNull is checked only (a view row keeps the cell of a column that became null), and orderNo
   * is in the view's key.
   */
  @Test
  void explainsTheNewKeywordsAsFiltersAndChecks() {
    Fixture order = ORDER.getPayload();
    String name = "findBySellerIdAndNoteIsNullAndBuyerIdIsNotNullAndStatusNotAndOrderNoNotInAndNoteEndingWith"
        + "AndNoteContainingAndNoteNotContaining";
    String text = PlanText.explain("OrderRepository." + name, order.plan(name, 6), order.model());
    assertTrue(text.contains("  filtered on the region servers: [buyerId is not null, status <> ?2,"
        + " note ending with ?4, note containing ?5, note not containing ?6] (rows not yet verified pass, for the"
        + " reader to check)\n"), text);
    assertTrue(text.contains("  checked on each entity read: [note is null, buyerId is not null, status <> ?2,"
        + " orderNo not in ?3, note ending with ?4, note containing ?5, note not containing ?6]\n"), text);
  }

  /** The limit line says how the limit is applied: in each scan, to the rows got, after the union or the sort. */
  @Test
  void explainsHowEachKindOfPlanAppliesItsLimit() {
    Fixture order = ORDER.getPayload();
    assertEquals("limit: 1 of the rows got", limitLine(order, "findFirstByOrderNo", 1));
    assertEquals("limit: 1, each scan limited to 1 row (Scan.setLimit), reading on only past rows it drops",
        limitLine(order, "findTop1BySellerIdOrderByCreatedAtDesc", 1));
    assertEquals("limit: 2000, each scan limited to 1000 rows (Scan.setLimit), reading on only past rows it drops",
        limitLine(order, "findTop2000BySellerId", 1));
    assertEquals("limit: 5 of the or-groups' entities together", limitLine(order, "findTop5BySellerIdOrBuyerId", 2));
    assertEquals("limit: 5 after the sort", limitLine(order, "findTop5BySellerIdOrBuyerIdOrderByAmount", 2));
  }

  private static String limitLine(Fixture fixture, String method, int parameters) {
    String text = PlanText.explain(method, fixture.plan(method, parameters), fixture.model());
    return text.lines().map(String::strip).filter(line -> line.startsWith("limit:")).findFirst().orElse(text);
  }

  @Test
  void explainsOrGroupsOfAnUnsaltedTableSortedInMemory() {
    Fixture call = CALL.getPayload();

    MethodPlan plan = call.plan("findFirst3ByMonthAndPhoneInOrMonthAndDurationAfterOrderByTsDesc", 4);

    assertEquals("""
        CallRepository.findFirst3ByMonthAndPhoneInOrMonthAndDurationAfterOrderByTsDesc
          or-group 1
            reads table calls [month][phone][ts]
            range scan on [month = ?1, phone in ?2]: one range per prefix
            checked on each entity read: nothing
            second read: no
          or-group 2
            reads view calls.longest [month][duration][phone][ts]
            range scan on [month = ?3, duration > ?4]: one range per prefix
            checked on each entity read: nothing
            second read: no, the view carries every column
          order: [ts desc], sorted in memory
          limit: 3 after the sort
          rejected:
            or-group 1: view calls.longest [month][duration][phone][ts]: range scan, 1 key part bound [month = ?1], sorted in memory
            or-group 2: table calls [month][phone][ts]: range scan, 1 key part bound [month = ?3], sorted in memory
        """, PlanText.explain("CallRepository.findFirst3ByMonthAndPhoneInOrMonthAndDurationAfterOrderByTsDesc", plan,
        call.model()));
  }

  @Test
  void listsEveryRejectedTableWithTheReason() {
    Fixture order = ORDER.getPayload();

    MethodPlan plan = order.plan("findBySellerIdAndBuyerId", 2);

    assertEquals(List.of(
        "view orders.buyer [salt 4][buyerId][createdAt][orderNo]: range scan, 1 key part bound [buyerId = ?2], "
            + "second read of the main table",
        "table orders [salt 4][orderNo]: would read the whole table: no condition binds its leading key part orderNo",
        "view orders.state [salt 4][status][amount][orderNo]: would read the whole table: no condition binds its "
            + "leading key part status",
        "view orders.number [salt 4][note]: would read the whole table: no condition binds its leading key part note"),
        plan.alternatives());
    for (String table : List.of("table orders ", "view orders.buyer ", "view orders.state ", "view orders.number ")) {
      assertEquals(1, plan.alternatives().stream().filter(line -> line.startsWith(table)).count(), table);
    }
    assertTrue(plan.alternatives().stream().noneMatch(line -> line.startsWith("view orders.seller ")));
  }

  @Test
  void namesTheHashPartWhenItIsNotBound() {
    Fixture profile = PROFILE.getPayload();

    MethodPlan plan = profile.plan("findByCreatedAtBetween", 2);

    assertAll(
        () -> assertTrue(plan.readsWholeTable()),
        () -> assertEquals("would read the whole table: its key starts with md5(uid), so uid and the key parts "
            + "before it must be bound by equality", PlanText.summary(plan.groups().get(0))));
  }

  @Test
  void considersOnlyTheNamedViewInTheShorthand() {
    MethodPlan plan = ORDER.getPayload().plan("findByBuyerOrderByCreatedAtDesc", 1);

    assertAll(
        () -> assertEquals(List.of(), plan.alternatives()),
        () -> assertEquals("orders.buyer", plan.groups().get(0).tableName()));
  }

  @Test
  void sortsTheEntitiesOfAWideRowGetInMemoryUnlessTheyComeInTheAskedColumnKeyOrder() {
    Fixture line = LINE.getPayload();

    assertAll(
        () -> assertEquals("table GET [orderNo EQUALS] residual [] " + SORTED,
            render(line.plan("findByOrderNoOrderBySku", 1))),
        () -> assertTrue(render(line.plan("findByOrderNoOrderByLineNoDesc", 1)).endsWith("sortInMemory=true"),
            "a row's entities come in column key order"),
        () -> assertEquals("table GET [orderNo EQUALS] residual [] " + FWD,
            render(line.plan("findByOrderNoOrderByLineNoAsc", 1))));
  }

  /** Wide: every line of a shop's order in one row, by line number. */
  @Table(name = "shopLines")
  record ShopLine(@RowKey(order = 0) String shop, @RowKey(order = 1) String orderNo, @ColumnKey int lineNo,
      String sku) {}

  @Test
  void servesByTheScanAnOrderOfAWideEntitysRowKeyPartsThenColumnKeyPartsAfterTheBoundOnes() {
    Fixture lines = Fixture.of(ShopLine.class).getPayload();
    String scan = "table SCAN [shop EQUALS] residual [] ";

    assertAll(
        () -> assertEquals(scan + FWD, render(lines.plan("findByShopOrderByOrderNo", 1))),
        () -> assertEquals(scan + FWD, render(lines.plan("findByShopOrderByOrderNoAscLineNoAsc", 1))),
        () -> assertEquals(scan + FWD, render(lines.plan("findByShopOrderByShopAscOrderNoAscLineNoAsc", 1))),
        () -> assertEquals(scan + REV, render(lines.plan("findByShopOrderByOrderNoDesc", 1))),
        () -> assertEquals(scan + REV, render(lines.plan("findByShopOrderByOrderNoDescLineNoAsc", 1)),
            "rows reversed, a row's entities in column key order"),
        () -> assertEquals(scan + SORTED, render(lines.plan("findByShopOrderByOrderNoDescLineNoDesc", 1))),
        () -> assertEquals(scan + SORTED, render(lines.plan("findByShopOrderByLineNo", 1)),
            "lines of every order interleave"),
        () -> assertEquals(scan + SORTED, render(lines.plan("findByShopOrderByOrderNoSku", 1))));
  }

  @Test
  void sortsByACyclicKeyPartInMemoryUnlessABetweenKeepsTheScanWithinOneCycle() {
    Fixture ping = Fixture.of(Ping.class).getPayload();

    assertAll(
        () -> assertEquals("table SCAN [host EQUALS] residual [] " + SORTED,
            render(ping.plan("findByHostOrderByAtAsc", 1)), "positions of every cycle interleave: not time order"),
        () -> assertEquals("table SCAN [host EQUALS] residual [] " + SORTED,
            render(ping.plan("findTop3ByHostOrderByAtDesc", 1))),
        () -> assertEquals("table SCAN [host EQUALS, at BETWEEN] residual [] " + FWD,
            render(ping.plan("findByHostAndAtBetweenOrderByAtAsc", 3))),
        () -> assertEquals("table SCAN [host EQUALS, at BETWEEN] residual [] " + REV,
            render(ping.plan("findFirstByHostAndAtBetweenOrderByAtDesc", 3))),
        () -> assertEquals("table SCAN [host EQUALS, at BETWEEN] residual [] " + SORTED,
            render(ping.plan("findByHostAndAtBetweenOrderByAtAscSeenDesc", 3)), "seen is not bound to one cycle"),
        () -> assertEquals("table SCAN [host EQUALS, at EQUALS, seen BETWEEN] residual [] " + FWD,
            render(ping.plan("findByHostAndAtAndSeenBetweenOrderBySeenDesc", 4))));
  }

  @Test
  void pushesNoColumnFilterToTheRowsOfAWideEntity() {
    Fixture line = LINE.getPayload();
    Fixture order = ORDER.getPayload();

    assertAll(
        () -> assertEquals(List.of(), ResidualFilters.pushed(line.plan("findByOrderNoAndSku", 2).groups().get(0),
            line.model)),
        () -> assertNull(ResidualFilters.of(line.plan("findByOrderNoAndSku", 2).groups().get(0), line.model,
            new Object[] {"o-1", "sku-1"})),
        () -> assertEquals(1, ResidualFilters.pushed(order.plan("findByOrderNoAndStatus", 2).groups().get(0),
            order.model).size(), "a tall row is one entity: its column filter stays"));
  }

  @Test
  void doesNotClaimABoundLeadingPartIsUnbound() {
    MethodPlan plan = DEVICE.getPayload().plan("findByRegion", 1);

    assertFalse(PlanText.summary(plan.groups().get(0)).contains("no condition binds its leading key part region"),
        PlanText.summary(plan.groups().get(0)));
  }

  /**
   * Renders a plan compactly: per Or group, e.g.
   * {@code view seller SCAN [sellerId EQUALS, createdAt BETWEEN] residual [] reversed=false ordered=true
   * secondRead=false}, joined by {@code or}, then {@code sortInMemory=...}. The bound list is the
   * prefix (EQUALS or IN) followed by the range, if any.
   */
  private static String render(MethodPlan plan) {
    return plan.groups().stream().map(QueryPlannerTest::render).collect(joining(" or "))
        + " sortInMemory=" + plan.sortInMemory();
  }

  private static String render(AccessPlan group) {
    List<Condition> bound = new ArrayList<>(group.prefix());
    if (group.range() != null) {
      bound.add(group.range());
    }
    return (group.view() == null ? "table" : "view " + group.view().name()) + " " + group.access() + " "
        + conditions(bound) + " residual " + conditions(group.residual()) + " reversed=" + group.reversed()
        + " ordered=" + group.ordered() + " secondRead=" + group.secondRead();
  }

  private static String conditions(List<Condition> conditions) {
    return conditions.stream().map(c -> c.property() + " " + c.keyword()).collect(joining(", ", "[", "]"));
  }

  private static Arguments plan(Named<Fixture> fixture, String methodName, int parameterCount, String expected) {
    return Arguments.of(fixture, methodName, parameterCount, expected);
  }

  @Test
  void aViewLeavesOutTheEntitiesWhoseNullableFirstKeyPropertyNoConditionExcludesFromNull() {
    Fixture order = ORDER.getPayload();
    ViewModel buyer = order.views().stream().filter(v -> v.name().equals("buyer")).findFirst().orElseThrow();
    ViewModel number = order.views().stream().filter(v -> v.name().equals("number")).findFirst().orElseThrow();
    Condition seller = new Condition("sellerId", Keyword.EQUALS, 0);
    assertEquals("buyerId", QueryPlanner.nullsLeftOut(buyer, List.of(seller)).orElseThrow().name());
    assertEquals("buyerId", QueryPlanner.nullsLeftOut(buyer, List.of(new Condition("createdAt", Keyword.BETWEEN, 0)))
        .orElseThrow().name(), "a later key part excludes no null of the first");
    assertEquals("buyerId", QueryPlanner.nullsLeftOut(buyer, List.of(new Condition("buyerId", Keyword.IS_NULL, 0)))
        .orElseThrow().name(), "IsNull matches exactly the entities the view has no row for");
    assertEquals("note", QueryPlanner.nullsLeftOut(number, List.of(seller)).orElseThrow().name(), "a unique view");
    for (Keyword keyword : List.of(Keyword.EQUALS, Keyword.IN, Keyword.BETWEEN, Keyword.GREATER_THAN,
        Keyword.STARTING_WITH, Keyword.NOT, Keyword.IS_NOT_NULL)) {
      assertTrue(QueryPlanner.nullsLeftOut(buyer, List.of(seller, new Condition("buyerId", keyword, 1))).isEmpty(),
          keyword.name());
    }
    Fixture call = CALL.getPayload();
    assertTrue(QueryPlanner.nullsLeftOut(call.views().get(0), List.of()).isEmpty(), "a key part is never null");
  }
}
