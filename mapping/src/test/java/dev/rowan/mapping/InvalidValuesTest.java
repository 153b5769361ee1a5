package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.mapping.Entities.CallRecord;
import dev.rowan.mapping.Entities.Order;
import dev.rowan.mapping.Entities.Status;
import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Values that cannot be written are refused with a message naming the field. */
class InvalidValuesTest {

  @Test
  void nullKeyPartIsRefused() {
    Order order = new Order(null, "s", "b", Instant.EPOCH, BigDecimal.ONE, Status.NEW, 1);
    InvalidValueException error = assertThrows(InvalidValueException.class, () -> EntityModel.of(Order.class).write(order));
    assertEquals("Order.orderNo: a key part cannot be null", error.getMessage());
  }

  @Test
  void fixedWidthOverflowNamesFieldAndLength() {
    EntityModel<CallRecord> calls = EntityModel.of(CallRecord.class);
    InvalidValueException error = assertThrows(InvalidValueException.class,
        () -> calls.write(new CallRecord(3, "138001380001", 1L, 1)));
    assertEquals("CallRecord.phone: value '138001380001' is 12 bytes long, longer than @FixedLength(11)", error.getMessage());
    error = assertThrows(InvalidValueException.class, () -> calls.write(new CallRecord(123, "1", 1L, 1)));
    assertEquals("CallRecord.month: value '123' is 123, which has more than 2 digits", error.getMessage());
    error = assertThrows(InvalidValueException.class, () -> calls.write(new CallRecord(1, "1", -5L, 1)));
    assertEquals("CallRecord.timestamp: value '-5' is negative (-5); a decimal @FixedLength(19) part holds only non-negative numbers",
        error.getMessage());
  }

  @Test
  void loneSurrogatesAreRefusedInKeysAndColumns() {
    EntityModel<Order> orders = EntityModel.of(Order.class);
    InvalidValueException inKey = assertThrows(InvalidValueException.class,
        () -> orders.write(new Order("o\uD800", "s", "b", Instant.EPOCH, BigDecimal.ONE, Status.NEW, 1)));
    assertEquals("Order.orderNo: value 'o\uD800' is not well-formed UTF-16: unpaired surrogate U+D800 at index 1",
        inKey.getMessage());
    InvalidValueException inColumn = assertThrows(InvalidValueException.class,
        () -> orders.write(new Order("o", "\uDC00s", "b", Instant.EPOCH, BigDecimal.ONE, Status.NEW, 1)));
    assertEquals("Order.sellerId: is not well-formed UTF-16: unpaired surrogate U+DC00 at index 0", inColumn.getMessage());
  }

  @Test
  void keysOverHBasesLimitAreRefused() {
    EntityModel<Order> orders = EntityModel.of(Order.class);
    String huge = "x".repeat(KeyLayout.MAX_ROW_KEY_LENGTH);
    InvalidValueException error = assertThrows(InvalidValueException.class, () -> orders.rowKeyOf(huge));
    assertEquals("Order row key: the key is 32770 bytes long, over the limit of 32767", error.getMessage());
  }

  @Test
  void wrongKeyPartsAreRefused() {
    EntityModel<Order> orders = EntityModel.of(Order.class);
    IllegalArgumentException count = assertThrows(IllegalArgumentException.class, () -> orders.rowKeyOf("a", "b"));
    assertEquals("Order has 1 row key parts [orderNo], not 2", count.getMessage());
    IllegalArgumentException type = assertThrows(IllegalArgumentException.class, () -> orders.rowKeyOf(5));
    assertEquals("Order.orderNo is a String, not a Integer", type.getMessage());
  }
}
