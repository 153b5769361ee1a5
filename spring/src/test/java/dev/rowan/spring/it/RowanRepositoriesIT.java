package dev.rowan.spring.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.spring.EnableRowanRepositories;
import dev.rowan.spring.it.orders.Order;
import dev.rowan.spring.it.orders.OrderRepository;
import dev.rowan.spring.it.refused.RefusedOrderRepository;
import dev.rowan.spring.support.RowanRepositoryFactoryBean;
import dev.rowan.test.HBaseTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.support.WindowIterator;
import org.springframework.data.repository.core.support.RepositoryMethodInvocationListener;

/**
 * Rowan repositories as Spring Data repositories in a small application context on the shared
 * in-process HBase: injected as beans, CRUD and query methods answer, Spring Data's Window,
 * Slice, Sort and Limit are served by Rowan's keyset pages, refusals name the methods at start-up,
 * and invocation listeners see every call.
 */
@HBaseTest
class RowanRepositoriesIT {

  /** Every call the listener saw, as "Interface.method". */
  static final List<String> CALLS = new CopyOnWriteArrayList<>();

  @Configuration
  @EnableRowanRepositories(basePackageClasses = OrderRepository.class)
  static class OrdersConfiguration {
    /** Hands every repository factory the listener, as Spring Boot's repository metrics do. */
    @Bean
    static BeanPostProcessor invocationListeners() {
      RepositoryMethodInvocationListener listener = invocation -> CALLS.add(
          invocation.getRepositoryInterface().getSimpleName() + "." + invocation.getMethod().getName());
      return new BeanPostProcessor() {
        @Override
        public Object postProcessBeforeInitialization(Object bean, String name) {
          if (bean instanceof RowanRepositoryFactoryBean<?, ?, ?> factory) {
            factory.addRepositoryFactoryCustomizer(repositories -> repositories.addInvocationListener(listener));
          }
          return bean;
        }
      };
    }
  }

  @Configuration
  @EnableRowanRepositories(basePackageClasses = RefusedOrderRepository.class)
  static class RefusedConfiguration {}

  private static AnnotationConfigApplicationContext context(Rowan rowan, Class<?> configuration) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.registerBean("rowan", Rowan.class, () -> rowan, definition -> definition.setDestroyMethodName(""));
    context.register(configuration);
    context.refresh();
    return context;
  }

  /** 37 orders of seller s1 at distinct times, spread over the salt buckets, and 3 of s2. */
  private static List<Order> saved(OrderRepository orders) {
    Random random = new Random(7);
    List<Order> all = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      all.add(new Order("o-" + random.nextInt(1_000_000) + "-" + i, i < 37 ? "s1" : "s2",
          Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000) * 10L + i), (long) i));
    }
    orders.saveAll(all);
    return all.stream().filter(o -> o.sellerId().equals("s1")).sorted(Comparator.comparing(Order::createdAt)).toList();
  }

  @Test
  void repositoriesAreBeansWhoseMethodsAnswerAndListenersSeeEveryCall(Rowan rowan) {
    rowan.schema().create(Order.class);
    CALLS.clear();
    try (AnnotationConfigApplicationContext context = context(rowan, OrdersConfiguration.class)) {
      OrderRepository orders = context.getBean(OrderRepository.class);
      assertTrue(context.containsBean("orderRepository"));
      List<Order> bySeller = saved(orders);
      assertEquals(bySeller.get(3), orders.findByKey(bySeller.get(3).orderNo()).orElseThrow());
      assertEquals(bySeller, orders.findBySellerId("s1"));
      assertEquals(37, orders.countBySellerId("s1"));
      assertEquals(bySeller.subList(0, 3),
          orders.findBySellerId("s1", Sort.by("createdAt"), Limit.of(3)));
      assertEquals(bySeller.size(), orders.findBySellerId("s1", Sort.unsorted(), Limit.unlimited()).size());
      IllegalArgumentException unsorted = assertThrows(IllegalArgumentException.class,
          () -> orders.findBySellerId("s1", Sort.by("amount"), Limit.of(3)));
      assertTrue(unsorted.getMessage().contains("OrderRepository.findBySellerId"), unsorted.getMessage());
      assertFalse(unsorted.getMessage().contains("RowanSpring"), unsorted.getMessage());
      String plan = orders.explain("findFirst5BySellerId");
      assertTrue(plan.contains("OrderRepository.findFirst5BySellerId") && plan.contains("seller"), plan);
      assertEquals(List.of("OrderRepository.saveAll", "OrderRepository.findByKey", "OrderRepository.findBySellerId",
          "OrderRepository.countBySellerId", "OrderRepository.findBySellerId", "OrderRepository.findBySellerId",
          "OrderRepository.findBySellerId", "OrderRepository.explain"), CALLS);
    }
  }

  @Test
  void windowsAndSlicesWalkEverySaltedOrderOnceInOrder(Rowan rowan) {
    rowan.schema().create(Order.class);
    try (AnnotationConfigApplicationContext context = context(rowan, OrdersConfiguration.class)) {
      OrderRepository orders = context.getBean(OrderRepository.class);
      List<Order> bySeller = saved(orders);

      List<Order> walked = new ArrayList<>();
      ScrollPosition position = ScrollPosition.keyset();
      int windows = 0;
      Window<Order> window;
      do {
        window = orders.findBySellerId("s1", position, Limit.of(7));
        walked.addAll(window.getContent());
        windows++;
        if (window.hasNext()) {
          assertFalse(window.hasPosition(0), "only the last element has a keyset position");
          position = window.positionAt(window.size() - 1);
        }
      } while (window.hasNext());
      assertEquals(bySeller, walked);
      assertEquals(6, windows);
      assertEquals(walked.size(), new HashSet<>(walked).size());

      List<Order> iterated = new ArrayList<>();
      WindowIterator.of(at -> orders.findFirst5BySellerId("s1", at)).startingAt(ScrollPosition.keyset())
          .forEachRemaining(iterated::add);
      assertEquals(bySeller, iterated);

      IllegalArgumentException offset = assertThrows(IllegalArgumentException.class,
          () -> orders.findFirst5BySellerId("s1", ScrollPosition.offset(5)));
      assertTrue(offset.getMessage().startsWith("OrderRepository.findFirst5BySellerId: takes keyset positions only"),
          offset.getMessage());

      List<Order> sliced = new ArrayList<>();
      Pageable pageable = PageRequest.of(0, 10);
      Slice<Order> slice;
      do {
        slice = orders.findBySellerId("s1", pageable);
        assertEquals(sliced.size() / 10, slice.getNumber());
        sliced.addAll(slice.getContent());
        pageable = slice.nextPageable();
      } while (slice.hasNext());
      assertEquals(bySeller, sliced);
      assertEquals(bySeller.subList(0, 4), orders.readBySellerId("s1", PageRequest.of(0, 4)));

      IllegalArgumentException offsetPage = assertThrows(IllegalArgumentException.class,
          () -> orders.findBySellerId("s1", PageRequest.of(2, 10)));
      assertTrue(offsetPage.getMessage().startsWith("OrderRepository.findBySellerId: page 2 of a Pageable that Rowan"
          + " did not return") && offsetPage.getMessage().contains("ScrollPosition"), offsetPage.getMessage());
    }
  }

  @Test
  void methodsThatCannotBeServedFailTheStartNamingEach(Rowan rowan) {
    rowan.schema().create(Order.class);
    Exception failed = assertThrows(Exception.class, () -> context(rowan, RefusedConfiguration.class).close());
    Throwable cause = failed;
    while (!(cause instanceof QueryMethodException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    QueryMethodException refused = assertInstanceOf(QueryMethodException.class, cause, failed.toString());
    List<String> problems = refused.problems();
    assertEquals(3, problems.size(), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("RefusedOrderRepository.findBySellerId: returns"
        + " org.springframework.data.domain.Page<") && p.contains("Slice<T>")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("RefusedOrderRepository.findBySellerId: a window needs"
        + " a size")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("RefusedOrderRepository.findByAmount")
        && p.contains("whole table")), problems.toString());
    assertFalse(refused.getMessage().contains("RowanSpring"), refused.getMessage());
  }
}
