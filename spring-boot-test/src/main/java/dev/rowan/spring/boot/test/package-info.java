/**
 * API: the Spring Boot test slice of Rowan. {@link dev.rowan.spring.boot.test.DataRowanTest} starts
 * a context with only Rowan's auto-configuration and repositories, on the in-process HBase of
 * {@code rowan-test-support}, in a namespace of the test class's own.
 */
@NullMarked
package dev.rowan.spring.boot.test;

import org.jspecify.annotations.NullMarked;
