package dev.rowan.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A test class that runs against the module's {@link SecureCluster}, which it receives as a
 * parameter (of a constructor, a {@code @BeforeAll} or a test method).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(SecureHBaseTest.Extension.class)
@interface SecureHBaseTest {

  /** Resolves {@link SecureCluster} parameters; the cluster starts on first use. */
  final class Extension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == SecureCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return SecureCluster.of(context);
    }
  }
}
