package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoadException;
import dev.rowan.mapreduce.Order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.EntityModel;
import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecordParsersTest {

  private static final EntityModel<Order> ORDERS = EntityModel.of(Order.class);
  private static final TextValues VALUES = TextValues.of(ORDERS);

  @Test
  void mapsCsvColumnsToPropertiesByNameInAnyOrderAndCase() throws Exception {
    CsvRecords csv = csv("\uFEFFnote,AMOUNT,orderNo,createdAt,sellerId");

    Order order = ORDERS.instantiate(csv.parse("\"a, \"\"quoted\"\" note\",12.50,o-1,2024-03-01T10:15:30Z,s-1"));

    assertEquals(new Order("o-1", "s-1", null, Instant.parse("2024-03-01T10:15:30Z"), new BigDecimal("12.50"),
        "a, \"quoted\" note"), order);
  }

  @Test
  void readsAnEmptyFieldAsNullAndAQuotedEmptyFieldAsTheEmptyString() throws Exception {
    CsvRecords csv = csv("orderNo,sellerId,note");

    Object[] values = csv.parse("o-1,,\"\"");

    assertNull(values[ORDERS.property("sellerId").index()]);
    assertEquals("", values[ORDERS.property("note").index()]);
  }

  @Test
  void splitsUnquotedLinesAsTheCsvParserDoes() throws Exception {
    long seed = System.nanoTime();
    System.out.println("RecordParsersTest.splitsUnquotedLinesAsTheCsvParserDoes seed " + seed);
    java.util.Random random = new java.util.Random(seed);
    String alphabet = ",,,\t\t ab1-.;'";
    for (int i = 0; i < 5_000; i++) {
      StringBuilder line = new StringBuilder();
      for (int n = random.nextInt(12); n > 0; n--) {
        line.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      for (char delimiter : new char[] {',', '\t'}) {
        org.apache.commons.csv.CSVFormat format = CsvRecords.format(delimiter);
        java.util.List<String> expected = new java.util.ArrayList<>();
        try (org.apache.commons.csv.CSVParser parser = org.apache.commons.csv.CSVParser.parse(line.toString(), format)) {
          java.util.List<org.apache.commons.csv.CSVRecord> records = parser.getRecords();
          if (records.isEmpty()) {
            continue; // an empty line: the mapper skips blank lines before parsing
          }
          records.get(0).forEach(expected::add);
        }
        assertEquals(expected, CsvRecords.unquoted(delimiter, line.toString()),
            "line [" + line + "] split at " + (delimiter == ',' ? "commas" : "tabs") + ", seed " + seed);
      }
    }
  }

  @Test
  void rejectsALineWithAnotherNumberOfFieldsThanTheHeader() {
    CsvRecords csv = csv("orderNo,sellerId,note");

    RejectedLineException e = assertThrows(RejectedLineException.class, () -> csv.parse("o-1,s-1,n,extra"));

    assertEquals("has 4 fields, the header has 3", e.getMessage());
  }

  @Test
  void refusesAHeaderWithUnknownOrRepeatedColumnsOrWithoutTheRowKey() {
    BulkLoadException e = assertThrows(BulkLoadException.class, () -> csv("seller,sellerId,SellerId"));

    assertTrue(e.getMessage().contains("in.csv: column 1 'seller' is no property of Order; columns 2 and 3 both fill"
        + " sellerId; the header has no column for row key part orderNo"), e.getMessage());
  }

  @Test
  void skipsUnknownColumnsWhenAskedTo() throws Exception {
    CsvRecords csv = CsvRecords.fromHeader(VALUES, CsvRecords.format('\t'), "orderNo\tcomment", "in.tsv", true);

    assertEquals("o-1", csv.parse("o-1\tignored")[ORDERS.property("orderNo").index()]);
  }

  @Test
  void readsJsonLinesWithExactDecimalsNullsAndEpochMillis() throws Exception {
    JsonRecords json = new JsonRecords(VALUES, false);

    Order order = ORDERS.instantiate(json.parse(
        "{\"orderNo\":\"o-1\",\"amount\":209935.360,\"createdAt\":1709287000123,\"buyerId\":null,\"note\":\"n\"}"));

    assertEquals(new Order("o-1", null, null, Instant.ofEpochMilli(1_709_287_000_123L), new BigDecimal("209935.360"),
        "n"), order);
  }

  @Test
  void rejectsJsonLinesThatAreNotObjectsOrHoldUnknownOrNestedFields() {
    JsonRecords json = new JsonRecords(VALUES, false);

    assertEquals("is not a JSON object", reason(json, "[1,2]"));
    assertTrue(reason(json, "{\"orderNo\":").startsWith("is not JSON: "), reason(json, "{\"orderNo\":"));
    assertEquals("field 'seller' is no property of Order", reason(json, "{\"orderNo\":\"o\",\"seller\":\"s\"}"));
    assertEquals("Order.note: a String cannot be read from a JSON object",
        reason(json, "{\"orderNo\":\"o\",\"note\":{\"a\":1}}"));
    assertEquals("Order.amount (BigDecimal): cannot read 'ten'", reason(json, "{\"orderNo\":\"o\",\"amount\":\"ten\"}"));
  }

  private static CsvRecords csv(String header) {
    return CsvRecords.fromHeader(VALUES, CsvRecords.format(','), header, "in.csv", false);
  }

  private static String reason(RecordParser parser, String line) {
    return assertThrows(RejectedLineException.class, () -> parser.parse(line)).getMessage();
  }
}
