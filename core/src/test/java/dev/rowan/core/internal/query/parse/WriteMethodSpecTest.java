package dev.rowan.core.internal.query.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Partial update and counter methods checked against their entity, without a cluster. */
class WriteMethodSpecTest {

  @Table(name = "orders")
  record Order(@RowKey String orderNo, @Column String status, @Column Long quantity, @Column int lines,
      @Column BigDecimal amount, @Version long version) {}

  @Table(name = "events")
  record Event(@RowKey String id, @Column Long count, @CellTimestamp long at) {}

  interface Orders extends HBaseRepository<Order> {
    boolean updateStatusByOrderNo(String status, String orderNo);
    void updateStatusAndAmountByOrderNo(String status, BigDecimal amount, String orderNo);
    long addToQuantityByOrderNo(long delta, String orderNo);
    int addToLinesByOrderNo(int delta, String orderNo);
    Long addQuantityByOrderNo(Integer delta, String orderNo);

    boolean updateOrderNoByOrderNo(String newNo, String orderNo);
    boolean updateVersionByOrderNo(long version, String orderNo);
    long addToAmountByOrderNo(long delta, String orderNo);
    long addToQuantityByStatus(long delta, String status);
    boolean updateStatusByOrderNo(Long status, String orderNo);
    String updateAmountByOrderNo(BigDecimal amount, String orderNo);
    int addToQuantityByOrderNo(long delta, Long orderNo);
    long addToLinesByOrderNo(double delta, String orderNo);
  }

  interface Events extends HBaseRepository<Event> {
    long addToCountById(long delta, String id);
  }

  private static final EntityModel<Order> ORDER = EntityModel.of(Order.class);

  private static Method method(Class<?> type, String name, Class<?>... parameters) throws NoSuchMethodException {
    return type.getMethod(name, parameters);
  }

  private static List<String> problems(Class<?> type, EntityModel<?> model, String name, Class<?>... parameters)
      throws NoSuchMethodException {
    MethodProblems problems = MethodProblems.of(type, method(type, name, parameters));
    assertNull(WriteMethodSpec.compile(type, method(type, name, parameters), model, problems));
    return problems.sentences();
  }

  @Test
  void acceptsUpdatesAndCountersThatBindTheKeyAndReturnWhatTheyMay() throws NoSuchMethodException {
    Method updateMethod =
        method(Orders.class, "updateStatusAndAmountByOrderNo", String.class, BigDecimal.class, String.class);
    MethodProblems problems = MethodProblems.of(Orders.class, updateMethod);
    WriteMethodSpec update = WriteMethodSpec.compile(Orders.class, updateMethod, ORDER, problems);
    assertEquals(List.of(), problems.sentences());
    assertEquals(List.of("status", "amount"), update.properties().stream().map(PropertyModel::name).toList());
    assertEquals(List.of("orderNo"), update.key().stream().map(PropertyModel::name).toList());
    for (Method method : Arrays.asList(method(Orders.class, "updateStatusByOrderNo", String.class, String.class),
        method(Orders.class, "addToQuantityByOrderNo", long.class, String.class),
        method(Orders.class, "addToLinesByOrderNo", int.class, String.class),
        method(Orders.class, "addQuantityByOrderNo", Integer.class, String.class))) {
      MethodProblems refusals = MethodProblems.of(Orders.class, method);
      assertNotNull(WriteMethodSpec.compile(Orders.class, method, ORDER, refusals), method.getName());
      assertEquals(List.of(), refusals.sentences());
    }
  }

  @Test
  void refusesChangingTheKeyOrTheVersion() throws NoSuchMethodException {
    assertEquals(List.of("Orders.updateOrderNoByOrderNo: orderNo is part of Order's key; an update changes the entity"
        + " stored under a key, never its key (save the entity under its new key and delete the old one)"),
        problems(Orders.class, ORDER, "updateOrderNoByOrderNo", String.class, String.class));
    assertEquals(List.of("Orders.updateVersionByOrderNo: version is the @Version of Order, which every write"
        + " advances by itself"), problems(Orders.class, ORDER, "updateVersionByOrderNo", long.class, String.class));
  }

  @Test
  void refusesAddingToWhatIsNotALongIntOrShort() throws NoSuchMethodException {
    assertEquals(List.of("Orders.addToAmountByOrderNo: amount is BigDecimal; add<Property> adds to a long, int or"
        + " short property"), problems(Orders.class, ORDER, "addToAmountByOrderNo", long.class, String.class));
    assertEquals(List.of("Orders.addToLinesByOrderNo: parameter 1, the number added to lines, is double, not a long,"
        + " int or short"), problems(Orders.class, ORDER, "addToLinesByOrderNo", double.class, String.class));
  }

  @Test
  void refusesAKeyThatIsNotTheEntitysWholeKey() throws NoSuchMethodException {
    assertEquals(List.of("Orders.addToQuantityByStatus: an update binds the whole key of Order with equalities,"
        + " [orderNo], each once; ByStatus names [status]"),
        problems(Orders.class, ORDER, "addToQuantityByStatus", long.class, String.class));
  }

  @Test
  void refusesParametersAndReturnTypesThatDoNotFit() throws NoSuchMethodException {
    assertEquals(List.of("Orders.updateStatusByOrderNo: parameter 1, the new status, is Long but status is String"),
        problems(Orders.class, ORDER, "updateStatusByOrderNo", Long.class, String.class));
    assertEquals(List.of("Orders.updateAmountByOrderNo returns String; an update returns boolean (whether an entity"
        + " was stored under the key, and so updated) or void"),
        problems(Orders.class, ORDER, "updateAmountByOrderNo", BigDecimal.class, String.class));
    assertEquals(List.of("Orders.addToQuantityByOrderNo: parameter 2 is Long but orderNo is String",
        "Orders.addToQuantityByOrderNo returns int; an add returns the new value, as long or as Long, or void"),
        problems(Orders.class, ORDER, "addToQuantityByOrderNo", long.class, Long.class));
  }

  @Test
  void refusesEntitiesThatMapTheirCellTimestamp() throws NoSuchMethodException {
    assertEquals(List.of("Events.addToCountById: Event maps its cells' timestamp (@CellTimestamp at), which an update"
        + " of some of its cells would leave behind; save the whole entity instead"),
        problems(Events.class, EntityModel.of(Event.class), "addToCountById", long.class, String.class));
  }
}
