package dev.rowan.spring.support;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.spring.it.orders.Order;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/**
 * Spring Data's parameter and result types mapped onto Rowan's, without a cluster: the twin's
 * methods, the conversions of each call, and the refusals at start-up and at the call.
 */
class SpringTypesTest {

  interface Orders extends HBaseRepository<Order> {
    List<Order> findBySellerId(String sellerId);

    List<Order> findBySellerId(String sellerId, Sort sort, Limit limit);

    Window<Order> findTop3BySellerId(String sellerId, ScrollPosition position, Limit limit);

    Slice<Order> findBySellerId(String sellerId, Pageable pageable);
  }

  interface Refused extends HBaseRepository<Order> {
    org.springframework.data.domain.Page<Order> findBySellerId(String sellerId, Pageable pageable);

    Window<Order> findBySellerId(String sellerId, ScrollPosition position);

    List<Order> findBySellerId(String sellerId, Pageable pageable, Sort sort);

    Slice<Order> findByOrderNo(String orderNo);

    Window<Order> findByAmount(Long amount, Limit limit);

    Window<Order> countBySellerId(String sellerId, ScrollPosition position, Limit limit);
  }

  private static final Order A = new Order("a", "s", null, 1L);
  private static final Order B = new Order("b", "s", null, 2L);
  private static final Order C = new Order("c", "s", null, 3L);

  private static Method method(Class<?> type, String name, Class<?>... parameters) throws NoSuchMethodException {
    return type.getMethod(name, parameters);
  }

  @Test
  void twinTakesRowansTypesUnderNamesThatDoNotCollide() throws Exception {
    TwinRepository twin = TwinRepository.of(Orders.class);
    assertTrue(twin.twinned());
    assertEquals(Orders.class.getName() + "$RowanSpring", twin.rowanType().getName());
    assertTrue(HBaseRepository.class.isAssignableFrom(twin.rowanType()));
    MethodBridge window = twin.bridge(method(Orders.class, "findTop3BySellerId", String.class, ScrollPosition.class,
        Limit.class));
    Method served = twin.rowanType().getMethod(window.twinName(), String.class, PageRequest.class);
    assertEquals("dev.rowan.core.Page<" + Order.class.getName() + ">", served.getGenericReturnType().getTypeName());
    assertFalse(window.twinName().contains("Top3"), window.twinName());
    MethodBridge sorted = twin.bridge(method(Orders.class, "findBySellerId", String.class, Sort.class, Limit.class));
    twin.rowanType().getMethod(sorted.twinName(), String.class, dev.rowan.core.Sort.class, dev.rowan.core.Limit.class);
    assertEquals(MethodBridge.Kind.PLAIN, twin.bridge(method(Orders.class, "findBySellerId", String.class)).kind());
    assertEquals("Orders.findTop3BySellerId: refused", twin.translate(
        twin.rowanType().getSimpleName() + "." + window.twinName() + ": refused"));
  }

  @Test
  void anInterfaceWithoutSpringTypesIsBuiltAsItIs() {
    interface Plain extends HBaseRepository<Order> {
      List<Order> findBySellerId(String sellerId);
    }
    TwinRepository twin = TwinRepository.of(Plain.class);
    assertFalse(twin.twinned());
    assertEquals(Plain.class, twin.rowanType());
  }

  @Test
  void methodsThatNeedOffsetsOrCountsAreRefusedAtStartUpByName() {
    List<String> problems = TwinRepository.of(Refused.class).problems();
    assertEquals(6, problems.size(), problems.toString());
    assertHas(problems, "Refused.countBySellerId: only a find method returns windows");
    assertHas(problems, "Refused.findByAmount: returns org.springframework.data.domain.Window<", "add a ScrollPosition");
    assertHas(problems, "Refused.findByOrderNo: returns org.springframework.data.domain.Slice<", "add a Pageable");
    assertHas(problems, "Refused.findBySellerId: returns org.springframework.data.domain.Page<",
        "declare Slice<T> (with a Pageable) or Window<T>");
    assertHas(problems, "Refused.findBySellerId: takes a Pageable and a Sort", "OrderBy");
    assertHas(problems, "Refused.findBySellerId: a window needs a size: add a Limit parameter, or name it findFirst<n>By");
  }

  private static void assertHas(List<String> problems, String start, String... containing) {
    assertTrue(problems.stream().anyMatch(p -> p.startsWith(start) && java.util.Arrays.stream(containing)
        .allMatch(p::contains)), start + " in " + problems);
  }

  /** A Rowan target that answers pages of {@link #A}, {@link #B}, then {@link #C}, and keeps each call's request. */
  private static Object target(Class<?> twin, AtomicReference<Object[]> asked) {
    return Proxy.newProxyInstance(twin.getClassLoader(), new Class<?>[] {twin}, (proxy, method, args) -> {
      asked.set(args);
      PageRequest request = (PageRequest) args[args.length - 1];
      return request.isFirst() ? new Page<>(List.of(A, B), new PageRequest(request.size(), new byte[] {42}))
          : new Page<>(List.of(C), null);
    });
  }

  @Test
  void windowsCarryRowansTokenAsTheirLastKeysetPosition() throws Throwable {
    TwinRepository twin = TwinRepository.of(Orders.class);
    AtomicReference<Object[]> asked = new AtomicReference<>();
    Object target = target(twin.rowanType(), asked);
    MethodBridge bridge = twin.bridge(method(Orders.class, "findTop3BySellerId", String.class, ScrollPosition.class,
        Limit.class));
    Window<?> first = (Window<?>) bridge.invoke(target, new Object[] {"s", ScrollPosition.keyset(), Limit.of(10)});
    assertEquals(new PageRequest(3, null).size(), ((PageRequest) asked.get()[1]).size(), "Top3 is smaller than 10");
    assertEquals(List.of(A, B), first.getContent());
    assertTrue(first.hasNext());
    assertThrows(IllegalStateException.class, () -> first.positionAt(0));
    ScrollPosition after = first.positionAt(1);
    Window<?> second = (Window<?>) bridge.invoke(target, new Object[] {"s", after, Limit.of(2)});
    PageRequest continued = (PageRequest) asked.get()[1];
    assertArrayEquals(new byte[] {42}, continued.continuation());
    assertEquals(2, continued.size());
    assertEquals(List.of(C), second.getContent());
    assertFalse(second.hasNext());
    Window<?> end = (Window<?>) bridge.invoke(target, new Object[] {"s", second.positionAt(0), Limit.of(2)});
    assertTrue(end.isEmpty() && !end.hasNext());

    IllegalArgumentException offset = assertThrows(IllegalArgumentException.class,
        () -> bridge.invoke(target, new Object[] {"s", ScrollPosition.offset(), Limit.of(2)}));
    assertTrue(offset.getMessage().startsWith("Orders.findTop3BySellerId: takes keyset positions only"));
    assertThrows(IllegalArgumentException.class,
        () -> bridge.invoke(target, new Object[] {"s", ScrollPosition.forward(Map.of("id", 3)), Limit.of(2)}));
    assertThrows(IllegalArgumentException.class,
        () -> bridge.invoke(target, new Object[] {"s", ScrollPosition.backward(Map.of("rowan", "Kg")), Limit.of(2)}));
  }

  @Test
  void slicesContinueWithThePageableTheyReturnAndRefuseOtherLaterPages() throws Throwable {
    TwinRepository twin = TwinRepository.of(Orders.class);
    AtomicReference<Object[]> asked = new AtomicReference<>();
    Object target = target(twin.rowanType(), asked);
    MethodBridge bridge = twin.bridge(method(Orders.class, "findBySellerId", String.class, Pageable.class));
    Slice<?> first = (Slice<?>) bridge.invoke(target, new Object[] {"s", org.springframework.data.domain.PageRequest.of(0, 2)});
    assertEquals(List.of(A, B), first.getContent());
    assertTrue(first.hasNext());
    Pageable next = first.nextPageable();
    assertEquals(1, next.getPageNumber());
    Slice<?> second = (Slice<?>) bridge.invoke(target, new Object[] {"s", next});
    assertArrayEquals(new byte[] {42}, ((PageRequest) asked.get()[1]).continuation());
    assertEquals(List.of(C), second.getContent());
    assertEquals(1, second.getNumber());
    assertFalse(second.hasNext());

    IllegalArgumentException later = assertThrows(IllegalArgumentException.class,
        () -> bridge.invoke(target, new Object[] {"s", org.springframework.data.domain.PageRequest.of(1, 2)}));
    assertTrue(later.getMessage().startsWith("Orders.findBySellerId: page 1 of a Pageable that Rowan did not return"));
    assertThrows(IllegalArgumentException.class, () -> bridge.invoke(target, new Object[] {"s", Pageable.unpaged()}));
    assertThrows(IllegalArgumentException.class, () -> bridge.invoke(target,
        new Object[] {"s", org.springframework.data.domain.PageRequest.of(0, 2, Sort.by("amount"))}));
  }

  @Test
  void sortsAndLimitsBecomeRowans() {
    dev.rowan.core.Sort sort = SpringParameters.sort("m",
        Sort.by(Sort.Order.asc("sellerId"), Sort.Order.desc("createdAt")));
    assertEquals(dev.rowan.core.Sort.by(dev.rowan.core.Sort.Order.asc("sellerId"),
        dev.rowan.core.Sort.Order.desc("createdAt")), sort);
    assertTrue(SpringParameters.sort("m", Sort.unsorted()).isUnsorted());
    assertNull(SpringParameters.sort("m", null));
    assertThrows(IllegalArgumentException.class, () -> SpringParameters.sort("m", Sort.by(Sort.Order.asc("a").ignoreCase())));
    assertThrows(IllegalArgumentException.class, () -> SpringParameters.sort("m", Sort.by(Sort.Order.asc("a").nullsFirst())));
    assertEquals(dev.rowan.core.Limit.of(4), SpringParameters.limit(Limit.of(4)));
    assertEquals(dev.rowan.core.Limit.unlimited(), SpringParameters.limit(Limit.unlimited()));
    List<byte[]> tokens = new ArrayList<>(List.of(new byte[] {0, -1, 7}, new byte[0]));
    for (byte[] token : tokens) {
      assertArrayEquals(token, SpringParameters.token("m", SpringParameters.position(token)));
    }
    assertNull(SpringParameters.token("m", ScrollPosition.keyset()));
  }
}
