package dev.rowan.core.internal.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.core.Limit;
import dev.rowan.core.Sort;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How explain names a query method: by name when it is declared once, by signature among overloads. */
class ExplainedMethodsTest {

  interface Orders {
    List<Object> findBySellerId(String sellerId);

    List<Object> findBySellerId(String sellerId, Limit limit);

    List<Object> findBySellerIdIn(Collection<String> sellers, Sort sort);

    List<Object> findByTags(Map<String, List<String>> tags, String... notes);
  }

  private final ExplainedMethods methods = new ExplainedMethods("Orders");

  /** Each method explained as its own signature. */
  @BeforeEach
  void addEveryMethod() {
    for (Method method : Orders.class.getDeclaredMethods()) {
      String signature = ExplainedMethods.signature(method);
      methods.add(method, new RepositoryHandler.Explained() {
        @Override
        public Object invoke(Object[] args) {
          return null;
        }

        @Override
        public String explain() {
          return signature;
        }
      });
    }
  }

  @Test
  void namesOneOfTwoOverloadsByItsSignature() {
    assertEquals("findBySellerId(String, Limit)", methods.find("findBySellerId(String, Limit)").explain());
    assertEquals("findBySellerId(String)", methods.find("findBySellerId(String)").explain());
    assertEquals("findBySellerId(String, Limit)", methods.find("findBySellerId( java.lang.String,dev.rowan.core.Limit )")
        .explain());
  }

  @Test
  void readsParameterTypesAsWrittenInSourceWithTypeArgumentsAndVarargs() {
    assertEquals("findBySellerIdIn(Collection, Sort)", methods.find("findBySellerIdIn(Collection<String>, Sort)")
        .explain());
    assertEquals("findByTags(Map, String[])", methods.find("findByTags(Map<String, List<String>>, String...)")
        .explain());
  }

  @Test
  void namesAMethodDeclaredOnceByItsNameAlone() {
    assertEquals("findBySellerIdIn(Collection, Sort)", methods.find("findBySellerIdIn").explain());
  }

  @Test
  void refusesANameOfSeveralOverloadsListingTheirSignatures() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> methods.find("findBySellerId"));
    assertEquals("Orders declares 2 query methods named 'findBySellerId': findBySellerId(String),"
        + " findBySellerId(String, Limit); name one by its signature, as in explain(\"findBySellerId(String)\")",
        e.getMessage());
  }

  @Test
  void refusesASignatureNoMethodHasListingTheQueryMethods() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> methods.find("findBySellerId(String, Sort)"));
    assertEquals("Orders has no query method 'findBySellerId(String, Sort)'; its query methods are"
        + " [findBySellerId(String), findBySellerId(String, Limit), findBySellerIdIn(Collection, Sort),"
        + " findByTags(Map, String[])]", e.getMessage());
  }
}
