package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.Reading;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TextValuesTest {

  private static final EntityModel<Reading> MODEL = EntityModel.of(Reading.class);
  private static final TextValues VALUES = TextValues.of(MODEL);

  @Table(name = "blobs")
  @Family(name = "b")
  record Blob(@RowKey String name, @Column byte[] data, @Column char mark, @Column Float ratio) {}

  @Test
  void readsEachTypeFromItsUsualText() {
    assertEquals(-12, parse("level", " -12 "));
    assertEquals(9_000_000_000L, parse("count", "9000000000"));
    assertEquals(1.25e-3, parse("value", "1.25e-3"));
    assertEquals(true, parse("ok", "TRUE"));
    assertEquals(new BigDecimal("12.50"), parse("price", "12.50"));
    assertEquals(Instant.parse("2024-03-01T10:15:30.5Z"), parse("at", "2024-03-01T10:15:30.5Z"));
    assertEquals(Instant.parse("2024-03-01T09:15:30Z"), parse("at", "2024-03-01T10:15:30+01:00"));
    assertEquals(Instant.ofEpochMilli(1_709_287_000_123L), parse("at", "1709287000123"));
    assertEquals(LocalDate.of(2024, 2, 29), parse("day", "2024-02-29"));
    assertEquals(LocalDateTime.of(2024, 3, 1, 10, 15, 30, 123_000_000), parse("local", "2024-03-01T10:15:30.123"));
    assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
        parse("id", "123e4567-e89b-12d3-a456-426614174000"));
    assertEquals(Reading.Kind.PRESSURE, parse("kind", "pressure"));
    assertEquals((short) -3, parse("small", "-3"));
    assertEquals(" spaced text ", parse("note", " spaced text "));
  }

  @Test
  void readsBytesAsBase64AndCharsAsOneCharacter() {
    TextValues values = TextValues.of(EntityModel.of(Blob.class));
    EntityModel<Blob> model = EntityModel.of(Blob.class);
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) values.parse(model.property("data"), "AQID"));
    assertEquals('x', values.parse(model.property("mark"), "x"));
    assertEquals(0.5f, values.parse(model.property("ratio"), "0.5"));
  }

  @Test
  void rejectsTextThatIsNotAValueOfTheTypeNamingThePropertyAndTheText() {
    assertRefused("level", "12.5", "Reading.level (int): cannot read '12.5'");
    assertRefused("level", "99999999999", "Reading.level (int): cannot read '99999999999'");
    assertRefused("ok", "yes", "Reading.ok (boolean): cannot read 'yes'");
    assertRefused("day", "2024-02-30", "Reading.day (LocalDate): cannot read '2024-02-30'");
    assertRefused("at", "yesterday", "Reading.at (Instant): cannot read 'yesterday'");
    assertRefused("id", "123", "Reading.id (UUID): cannot read '123'");
    assertRefused("kind", "WIND", "Reading.kind (Kind): cannot read 'WIND'");
    assertRefused("price", "1,5", "Reading.price (BigDecimal): cannot read '1,5'");
  }

  @Test
  void readsBackTheTextOfRandomValuesOfEveryType() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int i = 0; i < 500; i++) {
      Reading reading = Reading.random(random, i);
      Object[] values = MODEL.values(reading);
      for (var property : MODEL.properties()) {
        Object value = values[property.index()];
        if (value != null) {
          assertEquals(value, VALUES.parse(property, value.toString()), property + " (seed " + seed + ")");
        }
      }
    }
  }

  private static Object parse(String property, String text) {
    return VALUES.parse(MODEL.property(property), text);
  }

  private static void assertRefused(String property, String text, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(property, text));
    assertTrue(e.getMessage().startsWith(message), e.getMessage());
  }
}
