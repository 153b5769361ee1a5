package dev.rowan.core.internal.query.check;

import dev.rowan.core.internal.query.parse.MethodProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Repository types resolved through generic bases, and return types checked at creation. */
class MethodChecksTest {

  static final class Item {}

  /** A projection of an item: a record the item is not. */
  record ItemName(String name) {}

  interface Base<T> extends HBaseRepository<T> {
    List<T> findByName(String name);

    T getByName(String name);
  }

  interface Middle<X, Y> extends Base<Y> {}

  interface Items extends Middle<String, Item> {
    Set<Item> readByName(String name);

    Collection<? extends Item> queryByName(String name);

    Iterable<Object> streamByName(String name);

    Stream<Item> findFirstByName(String name);

    Optional<Item> findTopByName(String name);

    Page<Item> findByNameOrderByName(String name, PageRequest page);

    Object findAllByName(String name);

    long countByName(String name);

    Integer deleteByName(String name);

    boolean existsByName(String name);

    List<ItemName> searchByName(String name);

    ItemName findOneByName(String name);
  }

  interface Wrong extends HBaseRepository<Item> {
    String findByName(String name);

    List<String> readByName(String name);

    SortedSet<Item> queryByName(String name);

    ArrayList<Item> getByName(String name);

    Optional<List<Item>> streamByName(String name);

    <S> List<S> findAllByName(String name);

    boolean countByName(String name);

    List<Item> deleteByName(String name);

    Page<Item> findFirstByName(String name);
  }

  interface Unbound<T> extends HBaseRepository<T> {}

  @Test
  void theEntityTypeResolvesThroughGenericBaseInterfaces() {
    assertEquals(Item.class, RepositoryTypes.of(Items.class).entityType());
  }

  @Test
  void aRepositoryThatLeavesItsEntityTypeUnboundIsRefusedNamingTheVariable() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> RepositoryTypes.of(Unbound.class).entityType());
    assertTrue(refused.getMessage().contains("must bind the entity type") && refused.getMessage().contains("T of"),
        refused.getMessage());
  }

  @Test
  void everyDocumentedReturnTypeIsAccepted() throws Exception {
    RepositoryTypes types = RepositoryTypes.of(Items.class);
    List<String> problems = new ArrayList<>();
    assertEquals(ResultKind.LIST, result(Items.class, "findByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.ENTITY, result(Items.class, "getByName", QueryAction.FIND, types, problems), "T resolved to Item");
    assertEquals(ResultKind.SET, result(Items.class, "readByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.LIST, result(Items.class, "queryByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.LIST, result(Items.class, "streamByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.STREAM, result(Items.class, "findFirstByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.OPTIONAL, result(Items.class, "findTopByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.PAGE, result(Items.class, "findByNameOrderByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.ENTITY, result(Items.class, "findAllByName", QueryAction.FIND, types, problems));
    assertEquals(ResultKind.COUNT_LONG, result(Items.class, "countByName", QueryAction.COUNT, types, problems));
    assertEquals(ResultKind.COUNT_INT, result(Items.class, "deleteByName", QueryAction.DELETE, types, problems));
    assertEquals(ResultKind.BOOLEAN, result(Items.class, "existsByName", QueryAction.EXISTS, types, problems));
    assertEquals(ResultKind.LIST, result(Items.class, "searchByName", QueryAction.FIND, types, problems), "a projection");
    assertEquals(ResultKind.ENTITY, result(Items.class, "findOneByName", QueryAction.FIND, types, problems), "a projection");
    assertEquals(List.of(), problems);
  }

  @Test
  void returnTypesThatCannotHoldTheEntitiesAreRefusedNamingTheMethod() throws Exception {
    RepositoryTypes types = RepositoryTypes.of(Wrong.class);
    List<String> problems = new ArrayList<>();
    for (Method method : Wrong.class.getDeclaredMethods()) {
      QueryAction action = method.getName().startsWith("count") ? QueryAction.COUNT
          : method.getName().startsWith("delete") ? QueryAction.DELETE : QueryAction.FIND;
      int before = problems.size();
      result(Wrong.class, method.getName(), action, types, problems);
      assertTrue(problems.size() > before, method.getName() + " is refused");
      assertTrue(problems.get(before).startsWith("Wrong." + method.getName() + ": "), problems.get(before));
    }
    assertTrue(problems.contains("Wrong.findByName: a find method cannot return java.lang.String; it returns"
        + " List<Item>, Collection<Item>, Iterable<Item>, Set<Item>, Stream<Item>, Optional<Item>, Page<Item> or Item"),
        String.join("\n", problems));
    assertTrue(problems.contains("Wrong.readByName: returns java.util.List<java.lang.String>, but its elements would"
        + " be Item; declare List<Item> or of a projection (a record or an interface with some of its properties)"),
        String.join("\n", problems));
  }

  private static ResultKind result(Class<?> repository, String name, QueryAction action, RepositoryTypes types,
      List<String> problems) {
    Method method = java.util.Arrays.stream(repository.getMethods()).filter(m -> m.getName().equals(name))
        .findFirst().orElseThrow();
    boolean paged = method.getParameterCount() > 0
        && method.getParameterTypes()[method.getParameterCount() - 1] == PageRequest.class;
    ParsedQuery query = new ParsedQuery(name, action, 0, List.of(List.of(new Condition("name", Keyword.EQUALS, 0))),
        List.of(), null, 1);
    MethodProblems refusals = MethodProblems.of(repository, method);
    ResultKind result = MethodChecks.result(method, query, paged, types, Item.class, refusals);
    problems.addAll(refusals.sentences());
    return result;
  }
}
