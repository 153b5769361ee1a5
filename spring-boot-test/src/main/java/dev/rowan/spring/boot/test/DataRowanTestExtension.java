package dev.rowan.spring.boot.test;

import dev.rowan.test.HBaseTestExtension;
import dev.rowan.test.TestNamespace;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstanceFactoryContext;
import org.junit.jupiter.api.extension.TestInstancePreConstructCallback;

/**
 * The JUnit 5 side of {@link DataRowanTest}: before a test class's first instance is made (and so
 * before Spring loads its context), starts the shared in-process HBase if no test has yet, and
 * creates the class's namespace, for {@link DataRowanContextCustomizerFactory} to hand to the
 * context. Used through {@code @DataRowanTest}.
 *
 * <p>Thread-safety: thread-safe; test classes may run in parallel.
 *
 * @since 0.1
 */
public final class DataRowanTestExtension implements TestInstancePreConstructCallback {

  private static volatile @Nullable Connection connection;
  private static final Map<Class<?>, TestNamespace> NAMESPACES = new ConcurrentHashMap<>();

  /** Called by JUnit. */
  public DataRowanTestExtension() {}

  @Override
  public void preConstructTestInstance(
      TestInstanceFactoryContext factoryContext, ExtensionContext context) {
    Class<?> testClass = factoryContext.getTestClass();
    connection = HBaseTestExtension.sharedConnection(context);
    NAMESPACES.computeIfAbsent(
        testClass, type -> HBaseTestExtension.createNamespace(context, type.getSimpleName()));
  }

  /**
   * The shared connection and the namespace of {@code testClass}.
   *
   * @throws IllegalStateException when the extension has not run for the class (a test engine other
   *     than JUnit Jupiter)
   */
  static Fixture fixture(Class<?> testClass) {
    TestNamespace namespace = NAMESPACES.get(testClass);
    if (namespace == null || connection == null) {
      throw new IllegalStateException(
          "@DataRowanTest on "
              + testClass.getName()
              + " needs its JUnit Jupiter"
              + " extension (DataRowanTestExtension) to have run before the Spring context is loaded: run the test"
              + " with JUnit Jupiter");
    }
    return new Fixture(connection, namespace);
  }

  /** What a test class's context is given: the shared connection and the class's namespace. */
  record Fixture(Connection connection, TestNamespace namespace) {}
}
