package dev.rowan.spring.boot.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * The auto-configurations of a Rowan test ({@code RowanAutoConfiguration} and {@code
 * RowanRepositoriesAutoConfiguration}), listed in {@code
 * META-INF/spring/dev.rowan.spring.boot.test.AutoConfigureDataRowan.imports}. Most tests use {@link
 * DataRowanTest}, which carries it.
 *
 * @since 0.1
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureDataRowan {}
