package dev.rowan.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a JUnit 5 test class against an in-process HBase (ZooKeeper, one master, one region server)
 * that is started once per test JVM, on first use, and shared by every test class.
 *
 * <p>Parameters of test methods, lifecycle methods and constructors may be of these types:
 *
 * <ul>
 *   <li>{@link dev.rowan.core.Rowan} — a Rowan whose tables live in the test's own namespace;
 *   <li>{@link TestNamespace} — that namespace, to name tables in it;
 *   <li>{@link org.apache.hadoop.hbase.client.Connection} — the shared connection (closing it has
 *       no effect);
 *   <li>{@link org.apache.hadoop.hbase.client.Admin} — an admin closed after the test;
 *   <li>{@link org.apache.hadoop.conf.Configuration} — a copy of the client configuration of the
 *       shared cluster.
 * </ul>
 *
 * <p>Each test method gets a fresh HBase namespace, so tests do not see each other's tables even
 * when they use the same table names. Parameters of a constructor or of a
 * {@code @BeforeAll}/{@code @AfterAll} method get a namespace of the test class instead, shared by
 * everything resolved at class level. Tables are left behind when a test ends; they vanish with the
 * cluster when the test JVM's run is over.
 *
 * <pre>{@code
 * @HBaseTest
 * class OrderRepositoryIT {
 *   @Test
 *   void findsBySeller(Rowan rowan) { ... }
 * }
 * }</pre>
 *
 * <p>Thread-safety: the shared cluster and connection may be used from tests running in parallel;
 * each test's namespace is its own.
 *
 * @since 0.1
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(HBaseTestExtension.class)
public @interface HBaseTest {}
