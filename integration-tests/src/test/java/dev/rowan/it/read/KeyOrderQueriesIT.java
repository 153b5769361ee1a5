package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Conditions are checked in the order keys are encoded in: string ranges by code point, plain
 * and {@code @Descending}, lose no row; sorts in memory agree with key order; and arguments
 * outside a key part's domain clamp (ranges) or match nothing (equalities) instead of failing.
 */
@HBaseTest
class KeyOrderQueriesIT {

  /** In code point order, which is key order: U+1F600 and U+1F601 sort after every BMP character. */
  private static final List<String> TEXTS = List.of("", "a", "z", "\uE000", "\uFFFD", "\uFFFF", "\uD83D\uDE00",
      "\uD83D\uDE00a", "\uD83D\uDE01");
  private static final List<String> BELOW_FFFF = TEXTS.subList(0, 5);
  private static final List<String> FROM_FFFF = TEXTS.subList(5, TEXTS.size());

  @Table(name = "words")
  record Word(@RowKey(order = 0) String shelf, @RowKey(order = 1) String text, @Column String label) {}

  interface Words extends HBaseRepository<Word> {
    List<Word> findByShelfAndTextLessThan(String shelf, String text);

    List<Word> findByShelfAndTextGreaterThanEqual(String shelf, String text);

    List<Word> findByShelfAndTextBetween(String shelf, String from, String to);

    List<Word> findByShelfOrderByLabelDesc(String shelf); // sorted in memory
  }

  @Table(name = "newest_words")
  record NewestWord(@RowKey(order = 0) String shelf, @RowKey(order = 1) @Descending String text) {}

  interface NewestWords extends HBaseRepository<NewestWord> {
    List<NewestWord> findByShelfAndTextLessThan(String shelf, String text);

    List<NewestWord> findByShelfAndTextGreaterThanEqual(String shelf, String text);

    List<NewestWord> findByShelfAndTextBetween(String shelf, String from, String to);

    List<NewestWord> findByShelfAndTextStartingWith(String shelf, String prefix);

    List<NewestWord> findByShelfOrderByTextAsc(String shelf); // a reversed scan
  }

  @Test
  void stringRangesReturnEveryRowByCodePoint(Rowan rowan) {
    rowan.schema().create(Word.class);
    Words words = rowan.repository(Words.class);
    List<Word> saved = new ArrayList<>();
    for (String text : TEXTS) {
      saved.add(new Word("s", text, text));
    }
    words.saveAll(saved);
    assertEquals(BELOW_FFFF, texts(words.findByShelfAndTextLessThan("s", "\uFFFF")));
    assertEquals(FROM_FFFF, texts(words.findByShelfAndTextGreaterThanEqual("s", "\uFFFF")),
        "U+1F600 and U+1F600 a are at or above U+FFFF");
    assertEquals(TEXTS.subList(3, 8), texts(words.findByShelfAndTextBetween("s", "\uE000", "\uD83D\uDE00a")));
    List<String> labels = words.findByShelfOrderByLabelDesc("s").stream().map(Word::label).toList();
    List<String> descending = new ArrayList<>(TEXTS);
    java.util.Collections.reverse(descending);
    assertEquals(descending, labels, "a sort in memory orders by code point, as a key does");
  }

  @Test
  void descendingStringRangesReturnEveryRowByCodePoint(Rowan rowan) {
    rowan.schema().create(NewestWord.class);
    NewestWords words = rowan.repository(NewestWords.class);
    words.saveAll(TEXTS.stream().map(text -> new NewestWord("s", text)).toList());
    assertEquals(reversed(BELOW_FFFF), newest(words.findByShelfAndTextLessThan("s", "\uFFFF")));
    assertEquals(reversed(FROM_FFFF), newest(words.findByShelfAndTextGreaterThanEqual("s", "\uFFFF")));
    assertEquals(reversed(TEXTS.subList(3, 8)), newest(words.findByShelfAndTextBetween("s", "\uE000",
        "\uD83D\uDE00a")));
    assertEquals(List.of("\uD83D\uDE00a", "\uD83D\uDE00"), newest(words.findByShelfAndTextStartingWith("s",
        "\uD83D\uDE00")));
    assertEquals(TEXTS, newest(words.findByShelfOrderByTextAsc("s")));
  }

  @Test
  void randomStringRangesReturnWhatAnInMemoryModelSays(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("KeyOrderQueriesIT seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().create(Word.class);
    rowan.schema().create(NewestWord.class);
    Words words = rowan.repository(Words.class);
    NewestWords newestWords = rowan.repository(NewestWords.class);
    TreeSet<String> model = new TreeSet<>(BY_CODE_POINT);
    while (model.size() < 150) {
      model.add(randomText(random));
    }
    words.saveAll(model.stream().map(text -> new Word("s", text, text)).toList());
    newestWords.saveAll(model.stream().map(text -> new NewestWord("s", text)).toList());
    for (int i = 0; i < 60; i++) {
      String a = randomText(random);
      String b = randomText(random);
      String from = BY_CODE_POINT.compare(a, b) <= 0 ? a : b;
      String to = from == a ? b : a;
      String context = " (seed " + seed + ", bounds " + escaped(a) + ", " + escaped(from) + ", " + escaped(to) + ")";
      List<String> less = List.copyOf(model.headSet(a, false));
      List<String> atLeast = List.copyOf(model.tailSet(a, true));
      List<String> between = List.copyOf(model.subSet(from, true, to, true));
      assertEquals(less, texts(words.findByShelfAndTextLessThan("s", a)), "LessThan" + context);
      assertEquals(atLeast, texts(words.findByShelfAndTextGreaterThanEqual("s", a)), "GreaterThanEqual" + context);
      assertEquals(between, texts(words.findByShelfAndTextBetween("s", from, to)), "Between" + context);
      assertEquals(reversed(less), newest(newestWords.findByShelfAndTextLessThan("s", a)), "@Descending LessThan" + context);
      assertEquals(reversed(atLeast), newest(newestWords.findByShelfAndTextGreaterThanEqual("s", a)),
          "@Descending GreaterThanEqual" + context);
      assertEquals(reversed(between), newest(newestWords.findByShelfAndTextBetween("s", from, to)),
          "@Descending Between" + context);
    }
  }

  /** Code point order, computed independently of Rowan. */
  private static final Comparator<String> BY_CODE_POINT =
      (a, b) -> Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(4);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(5)) {
        case 0 -> text.appendCodePoint(0x1F600 + random.nextInt(4));
        case 1 -> text.append((char) (0xFFFC + random.nextInt(4)));
        case 2 -> text.append((char) (0xE000 + random.nextInt(2)));
        case 3 -> text.append((char) random.nextInt(2)); // U+0000 and U+0001: escapes
        default -> text.append((char) ('a' + random.nextInt(3)));
      }
    }
    return text.toString();
  }

  private static String escaped(String text) {
    StringBuilder out = new StringBuilder("\"");
    text.codePoints().forEach(c -> out.append(c < 0x20 || c > 0x7E ? String.format("\\u{%X}", c) : Character.toString(c)));
    return out.append('"').toString();
  }

  @Table(name = "countdowns")
  record Countdown(@RowKey(order = 0) String car, @RowKey(order = 1) @FixedLength(3) @Descending long left) {}

  interface Countdowns extends HBaseRepository<Countdown> {
    List<Countdown> findByCarAndLeftGreaterThan(String car, long left);

    List<Countdown> findByCarAndLeftLessThan(String car, long left);

    List<Countdown> findByCarAndLeftBetween(String car, long from, long to);

    List<Countdown> findByCarAndLeft(String car, long left);

    List<Countdown> findByCarAndLeftIn(String car, List<Long> left);
  }

  @Table(name = "monthly")
  record Monthly(@RowKey(order = 0) @FixedLength(2) int month, @RowKey(order = 1) String phone) {}

  interface Monthlies extends HBaseRepository<Monthly> {
    List<Monthly> findByMonthBetween(int from, int to);

    List<Monthly> findByMonthGreaterThanEqual(int from);

    List<Monthly> findByMonthAndPhone(int month, String phone);

    long countByMonthIn(List<Integer> months);

    List<Monthly> findByMonthAndPhoneStartingWith(int month, String prefix);
  }

  @Test
  void aRangeBoundOutsideAFixedLengthPartClampsToItsDomain(Rowan rowan) {
    rowan.schema().create(Countdown.class);
    rowan.schema().create(Monthly.class);
    Countdowns countdowns = rowan.repository(Countdowns.class);
    Monthlies months = rowan.repository(Monthlies.class);
    countdowns.saveAll(List.of(new Countdown("c", 0), new Countdown("c", 5), new Countdown("c", 999)));
    months.saveAll(IntStream.rangeClosed(1, 12).mapToObj(m -> new Monthly(m, "138")).toList());

    assertEquals(List.of(999L, 5L, 0L), left(countdowns.findByCarAndLeftGreaterThan("c", -1)),
        "every value of an unsigned part is above -1");
    assertEquals(List.of(), left(countdowns.findByCarAndLeftLessThan("c", -1)));
    assertEquals(List.of(999L, 5L), left(countdowns.findByCarAndLeftBetween("c", 1, 100_000)));
    assertEquals(List.of(999L, 5L, 0L), left(countdowns.findByCarAndLeftLessThan("c", 1000)));
    assertEquals(12, months.findByMonthBetween(1, 100).size(), "MonthBetween(1, 100) on 2 digits: months 1 to 99");
    assertEquals(12, months.findByMonthGreaterThanEqual(-50).size());
    assertEquals(List.of(), months.findByMonthBetween(100, 200));
  }

  @Test
  void anEqualityWithAValueOutsideAFixedLengthPartMatchesNothing(Rowan rowan) {
    rowan.schema().create(Countdown.class);
    rowan.schema().create(Monthly.class);
    Countdowns countdowns = rowan.repository(Countdowns.class);
    Monthlies months = rowan.repository(Monthlies.class);
    countdowns.saveAll(List.of(new Countdown("c", 0), new Countdown("c", 5)));
    months.saveAll(List.of(new Monthly(3, "138"), new Monthly(4, "138")));

    assertEquals(List.of(), countdowns.findByCarAndLeft("c", -1));
    assertEquals(List.of(5L), left(countdowns.findByCarAndLeftIn("c", List.of(-1L, 5L, 1000L))));
    assertEquals(List.of(), months.findByMonthAndPhone(100, "138"), "a get of a key no row can have");
    assertEquals(1, months.countByMonthIn(List.of(3, -1, 100)));
    assertEquals(List.of(), months.findByMonthAndPhoneStartingWith(-3, "1"));
  }

  @Test
  void aMalformedStringArgumentIsRefusedNamingMethodParameterAndProperty(Rowan rowan) {
    rowan.schema().create(Countdown.class);
    Countdowns countdowns = rowan.repository(Countdowns.class);
    InvalidValueException refused = assertThrows(InvalidValueException.class,
        () -> countdowns.findByCarAndLeftGreaterThan("c\uD800", 1));
    assertTrue(refused.getMessage().startsWith("Countdowns.findByCarAndLeftGreaterThan: parameter 1 'car'"
        + " (Countdown.car Equals): value 'c\uD800' is not well-formed UTF-16"), refused.getMessage());
  }

  private static List<String> texts(List<Word> words) {
    return words.stream().map(Word::text).toList();
  }

  private static List<String> newest(List<NewestWord> words) {
    return words.stream().map(NewestWord::text).toList();
  }

  private static List<Long> left(List<Countdown> countdowns) {
    return countdowns.stream().map(Countdown::left).toList();
  }

  private static List<String> reversed(List<String> texts) {
    List<String> copy = new ArrayList<>(texts);
    java.util.Collections.reverse(copy);
    return copy;
  }
}
