package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.DataAccessException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.function.Executable;

/**
 * What a refusal must look like (docs/security.md, "What a refusal looks like"): a
 * {@link DataAccessException} whose message names the principal, the table, the permission it
 * lacks and the {@code grant} that would give it, after which every table of the namespace holds
 * exactly the cells it held before.
 */
final class Refusals {

  private Refusals() {}

  /**
   * Runs {@code call} and asserts it is refused to {@code principal} for lack of
   * {@code permission} on {@code table} (a table name, or a namespace name for a refusal on the
   * namespace) and that nothing of {@code namespace} changed.
   */
  static DataAccessException assertRefused(SecureCluster cluster, String namespace, Principal principal,
      String table, String permission, Executable call) {
    Connection superuser = cluster.superuser();
    Map<String, List<String>> before = RawTables.snapshot(superuser, namespace);
    DataAccessException refused = assertThrows(DataAccessException.class, call,
        principal + " must be refused " + permission + " on " + table);
    String message = refused.getMessage();
    System.out.println("Refusal for " + principal + ": " + Outcome.of("", () -> {
      throw refused;
    }).line());
    assertTrue(message.contains(table), "the refusal names the table " + table + ": " + message);
    assertTrue(message.contains(permission), "the refusal names the permission " + permission + ": " + message);
    assertTrue(message.contains(principal.name()), "the refusal names the principal " + principal.name() + ": " + message);
    assertTrue(message.contains("grant "), "the refusal says which grant would allow the call: " + message);
    assertEquals(before, RawTables.snapshot(superuser, namespace),
        "a refused call writes nothing, in any table of " + namespace);
    return refused;
  }
}
