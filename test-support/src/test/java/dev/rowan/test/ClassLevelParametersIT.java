package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.rowan.core.Rowan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@HBaseTest
class ClassLevelParametersIT {

  private static TestNamespace ofBeforeAll;
  private final Rowan ofConstructor;
  private TestNamespace ofBeforeEach;

  ClassLevelParametersIT(Rowan rowan) {
    this.ofConstructor = rowan;
  }

  @BeforeAll
  static void rememberClassNamespace(TestNamespace namespace) {
    ofBeforeAll = namespace;
  }

  @BeforeEach
  void rememberTestNamespace(TestNamespace namespace) {
    ofBeforeEach = namespace;
  }

  @Test
  void sharesTheClassNamespaceBetweenConstructorAndBeforeAll(TestNamespace namespace) {
    assertEquals(ofBeforeAll.name(), ofConstructor.namespace());
    assertNotEquals(ofBeforeAll, namespace);
  }

  @Test
  void givesBeforeEachTheNamespaceOfTheTest(TestNamespace namespace, Rowan rowan) {
    assertEquals(namespace, ofBeforeEach);
    assertEquals(namespace.name(), rowan.namespace());
  }
}
