/**
 * Testing Rowan code against HBase: {@link dev.rowan.test.HBaseTest} runs JUnit 5 tests against
 * one in-process HBase per test JVM and gives each test its own namespace.
 */
package dev.rowan.test;
