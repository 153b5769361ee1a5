/**
 * API: testing Rowan code against HBase. {@link dev.rowan.test.HBaseTest} runs JUnit 5 tests
 * against one in-process HBase per test JVM and gives each test its own namespace ({@link
 * dev.rowan.test.TestNamespace}); {@link dev.rowan.test.LocalClusterSettings} are the settings that
 * start such an HBase fast; {@link dev.rowan.test.ViewAudit} compares every view of an entity with
 * what a rebuild from its table would hold. Test code only: main code of the other modules does not
 * import it (docs/architecture.md, "The rules").
 */
@NullMarked
package dev.rowan.test;

import org.jspecify.annotations.NullMarked;
