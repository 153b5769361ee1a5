package dev.rowan.it.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input, one case per row: each value either round-trips exactly, by key and through the
 * view, or is refused with an error that names the field, and nothing at all is written.
 */
@HBaseTest
class BadInputCatalogueIT {

  private static final int MAX_CELL = 10_485_760;

  static Stream<Arguments> values() {
    List<Arguments> cases = new ArrayList<>();
    for (int b = 0; b <= 0xFF; b++) {
      String text = "a" + (char) b + "b";
      cases.add(Arguments.of("char U+" + String.format("%04X", b) + " inside the key and the view key",
          new Probe(text, b, text, 1.0, new byte[] {(byte) b}), null));
    }
    cases.add(Arguments.of("separators everywhere", new Probe("|\0\1\u00FF,;\t", 1, "\0\0\1", 0.0, new byte[0]), null));
    cases.add(Arguments.of("an empty key part and an empty view key", new Probe("", 0, "", null, null), null));
    cases.add(Arguments.of("a null view key: no view row", new Probe("no-tag", 0, null, null, null), null));
    cases.add(Arguments.of("non-ASCII and astral characters", new Probe("日本\uD83D\uDE00é", -1, "ü\uD83C\uDF89", -0.0, null), null));
    cases.add(Arguments.of("the smallest long", new Probe("min", Long.MIN_VALUE, "x", Double.NEGATIVE_INFINITY, null), null));
    cases.add(Arguments.of("the largest long", new Probe("max", Long.MAX_VALUE, "x", Double.MAX_VALUE, null), null));
    cases.add(Arguments.of("NaN", new Probe("nan", 7, "x", Double.NaN, null), null));
    cases.add(Arguments.of("a lone high surrogate in the key", new Probe("bad\uD800", 1, "x", null, null),
        "Probe.id"));
    cases.add(Arguments.of("a lone low surrogate in a view key", new Probe("ok", 1, "bad\uDC00", null, null),
        "Probe.tag"));
    cases.add(Arguments.of("a key over HBase's 32,767 bytes", new Probe("k".repeat(40_000), 1, "x", null, null),
        "over the limit of 32767"));
    cases.add(Arguments.of("a cell over hbase.client.keyvalue.maxsize",
        new Probe("big", 1, "x", null, new byte[MAX_CELL + 1]), "Probe.blob"));
    cases.add(Arguments.of("a null key part", new Probe(null, 1, "x", null, null), "Probe.id"));
    return cases.stream();
  }

  private static Rowan shared;

  @BeforeAll
  static void createTheTablesOnce(Rowan rowan) {
    shared = rowan;
    rowan.schema().create(Probe.class);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void eachValueRoundTripsOrIsRefusedLeavingNothing(String name, Probe probe, String refusal) throws Exception {
    ProbeQueries probes = shared.repository(ProbeQueries.class);
    int tableRows = rows(shared, "probes");
    int viewRows = rows(shared, "probes.tag");
    if (refusal == null) {
      probes.save(probe);
      assertEquals(Optional.of(probe), probes.findByKey(probe.id(), probe.n()), name);
      if (probe.tag() != null) {
        assertEquals(List.of(probe), probes.findByTag(probe.tag()), name + ", through the view");
      }
      probes.delete(probe);
      assertEquals(Optional.empty(), probes.findByKey(probe.id(), probe.n()), name);
      if (probe.tag() != null) {
        assertEquals(List.of(), probes.findByTag(probe.tag()), name + ", through the view after the delete");
      }
      assertEquals(viewRows, rows(shared, "probes.tag"), name + ": the view row is gone");
    } else {
      Probe good = new Probe("good", 1, "x", 1.0, null);
      InvalidValueException refused = assertThrows(InvalidValueException.class, () -> probes.saveAll(List.of(good, probe)));
      assertTrue(refused.getMessage().contains(refusal), refused.getMessage());
      assertEquals(tableRows, rows(shared, "probes"), name + ": nothing written to the table");
      assertEquals(viewRows, rows(shared, "probes.tag"), name + ": nothing written to the view");
      assertEquals(Optional.empty(), probes.findByKey("good", 1L), name + ": not even the valid entity of the batch");
    }
  }

  @Table(name = "codes")
  record Coded(@RowKey @FixedLength(4) String code) {}

  interface CodedRepository extends HBaseRepository<Coded> {}

  @Test
  void aValueWiderThanItsFixedLengthIsRefusedNamingItsLength(Rowan rowan) throws Exception {
    rowan.schema().create(Coded.class);
    CodedRepository codes = rowan.repository(CodedRepository.class);
    InvalidValueException refused = assertThrows(InvalidValueException.class,
        () -> codes.saveAll(List.of(new Coded("ABCD"), new Coded("ABCDE"))));
    assertTrue(refused.getMessage().contains("Coded.code") && refused.getMessage().contains("5 bytes long"),
        refused.getMessage());
    assertEquals(0, rows(rowan, "codes"));
  }

  interface Confusing extends HBaseRepository<Probe> {
    List<Probe> findByTagAndAndN(String tag, long n);

    List<Probe> findByOrderByTag();

    List<Probe> findByTagStartingWithIn(String tag);

    List<Probe> findTop0ByTag(String tag);

    long countTop5ByTag(String tag);

    List<Probe> findByTagBetween(String tag);

    List<Probe> findByIdIn(String notACollection);

    List<Probe> findByNStartingWith(long n);
  }

  @Test
  void methodNamesCraftedToConfuseTheParserAreEachRefusedByName(Rowan rowan) {
    QueryMethodException refused = assertThrows(QueryMethodException.class, () -> rowan.repository(Confusing.class));
    assertTrue(refused.problems().size() >= 8, refused.getMessage());
    for (String method : List.of("findByTagAndAndN", "findByOrderByTag", "findByTagStartingWithIn", "findTop0ByTag",
        "countTop5ByTag", "findByTagBetween", "findByIdIn", "findByNStartingWith")) {
      assertTrue(refused.problems().stream().anyMatch(p -> p.contains("Confusing." + method)),
          method + " is named in:\n" + refused.getMessage());
    }
  }

  @Test
  void anEditedPageTokenNeverReturnsEntitiesOutsideTheQuery(Rowan rowan) {
    rowan.schema().create(Probe.class);
    ProbeQueries probes = rowan.repository(ProbeQueries.class);
    List<Probe> all = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      all.add(new Probe("p" + i, i, i % 3 == 0 ? "red" : "blue", null, null));
    }
    probes.saveAll(all);
    Page<Probe> first = probes.findByTagAndNGreaterThan("red", 3, PageRequest.of(2));
    byte[] token = first.next().continuation();
    for (int at = 0; at < token.length; at++) {
      for (int flip : new int[] {0x01, 0x80, 0xFF}) {
        byte[] edited = token.clone();
        edited[at] ^= (byte) flip;
        PageRequest request = new PageRequest(2, edited);
        try {
          for (int page = 0; request != null && page < 20; page++) {
            Page<Probe> next = probes.findByTagAndNGreaterThan("red", 3, request);
            assertTrue(next.content().stream().allMatch(p -> p.tag().equals("red") && p.n() > 3),
                "byte " + at + " ^ " + flip + ": " + next.content());
            request = next.next();
          }
        } catch (IllegalArgumentException refused) {
          assertTrue(refused.getMessage().contains("findByTagAndNGreaterThan"), refused.getMessage());
        }
      }
    }
  }

  private static boolean leftToReaders(Result row) {
    return Arrays.stream(row.rawCells()).filter(Qualifier.VIEW_STATUS::matches).anyMatch(cell -> RowStatus.decode(
        cell.getValueArray(), cell.getValueOffset(), cell.getValueLength()).state() == RowStatus.State.UNVERIFIED);
  }

  private static int rows(Rowan rowan, String table) throws Exception {
    int rows = 0;
    try (org.apache.hadoop.hbase.client.Table t = rowan.connection().getTable(rowan.tableName(table));
        ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result row : scanner) {
        // a row an entity left is retired until HBase drops it, or left unverified to readers
        // when it left within the settle window of its write before: no row of an entity's
        if (Arrays.stream(row.rawCells()).noneMatch(Qualifier.VIEW_RETIRED::matches) && !leftToReaders(row)) {
          rows++;
        }
      }
    }
    return rows;
  }
}
