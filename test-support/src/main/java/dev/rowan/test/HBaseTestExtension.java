package dev.rowan.test;

import dev.rowan.core.Rowan;
import java.lang.reflect.Method;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link HBaseTest}: starts the shared in-process HBase on first use
 * and resolves parameters of type {@link Rowan}, {@link TestNamespace}, {@link Connection}, {@link
 * Admin} and {@link Configuration}. Use it through {@code @HBaseTest}.
 *
 * <p>Thread-safety: stateless; all state lives in JUnit's extension stores, so tests may run in
 * parallel.
 *
 * @since 0.1
 */
public final class HBaseTestExtension implements ParameterResolver {

  private static final Namespace STORE = Namespace.create(HBaseTestExtension.class);
  private static final Set<Class<?>> SUPPORTED =
      Set.of(Rowan.class, TestNamespace.class, Connection.class, Admin.class, Configuration.class);

  /** Called by JUnit; tests do not create the extension themselves. */
  public HBaseTestExtension() {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return SUPPORTED.contains(parameter.getParameter().getType());
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    SharedCluster cluster = SharedCluster.get();
    if (type == Connection.class) {
      return cluster.connection();
    }
    if (type == Configuration.class) {
      return cluster.configuration();
    }
    TestScope scope = scope(cluster, context);
    if (type == Rowan.class) {
      return scope.rowan();
    }
    if (type == TestNamespace.class) {
      return scope.namespace();
    }
    if (type == Admin.class) {
      return scope.admin();
    }
    throw new ParameterResolutionException("@HBaseTest cannot resolve a parameter of " + type);
  }

  /**
   * The connection to the in-process HBase that every {@link HBaseTest} of this JVM shares, started
   * on first use; closing it has no effect. For test support built on the same HBase, such as a
   * Spring test slice, which has no parameters to resolve.
   */
  public static Connection sharedConnection(ExtensionContext context) {
    return SharedCluster.get().connection();
  }

  /**
   * A fresh namespace on the shared HBase, named after a counter and {@code owner} as the
   * namespaces of {@link HBaseTest} tests are.
   *
   * @throws java.io.UncheckedIOException when HBase refuses to create it
   */
  public static TestNamespace createNamespace(ExtensionContext context, String owner) {
    return SharedCluster.get().createNamespace(owner);
  }

  /**
   * The scope of the context itself, never an enclosing one: the key names the context because a
   * store lookup would otherwise find the class's scope from within a test method.
   */
  private static TestScope scope(SharedCluster cluster, ExtensionContext context) {
    return context
        .getStore(STORE)
        .getOrComputeIfAbsent(
            "scope:" + context.getUniqueId(),
            key -> new TestScope(cluster, owner(context)),
            TestScope.class);
  }

  private static String owner(ExtensionContext context) {
    String type = context.getTestClass().map(Class::getSimpleName).orElse("test");
    return context
        .getTestMethod()
        .map(Method::getName)
        .map(method -> type + "_" + method)
        .orElse(type);
  }
}
