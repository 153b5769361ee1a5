package dev.rowan.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * HBase's access control refused a call: the principal Rowan runs as lacks a permission on a table
 * (or namespace). The message names the operation, the principal, the table, the permission and the
 * HBase shell {@code grant} that would allow the call; HBase's own exception, with the region
 * server's stack trace, is the cause. Nothing of the refused call was written: Rowan's writes
 * refuse before their first write when one table refuses (docs/security.md).
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class PermissionDeniedException extends DataAccessException {

  private static final long serialVersionUID = 1L;

  private final String principal;
  private final String table;
  private final String permission;

  private PermissionDeniedException(
      String message,
      String principal,
      String table,
      String permission,
      @Nullable Throwable cause) {
    super(message, cause);
    this.principal = principal;
    this.table = table;
    this.permission = permission;
  }

  /**
   * {@code operation} on {@code table} refused to {@code principal}, who lacks {@code permission}
   * (HBase's action's name: {@code READ}, {@code WRITE}, {@code CREATE}, {@code ADMIN}, {@code
   * EXEC}) on {@code scope}: a table ({@code ns:orders}), a namespace ({@code @ns}), or the whole
   * cluster (empty).
   */
  public static PermissionDeniedException of(
      String operation,
      String principal,
      String table,
      String scope,
      String permission,
      @Nullable Throwable cause) {
    Objects.requireNonNull(permission, "permission");
    String on =
        scope.isEmpty()
            ? "the cluster"
            : scope.startsWith("@") ? "namespace " + scope.substring(1) : scope;
    String message =
        onTable(operation, table)
            + " was refused: principal '"
            + principal
            + "' lacks "
            + permission
            + " permission on "
            + on
            + ". Grant it with the HBase shell: "
            + grant(principal, scope, permission)
            + (scope.contains(":")
                ? "; or on the whole namespace: "
                    + grant(principal, "@" + namespaceOf(scope), permission)
                : "")
            + ". See docs/security.md for what each operation needs.";
    return new PermissionDeniedException(
        message,
        principal,
        scope.isEmpty() || scope.startsWith("@") ? table : scope,
        permission,
        cause);
  }

  /** The principal that was refused, as HBase names it (its short name). */
  public String principal() {
    return principal;
  }

  /** The table (namespace-qualified) the refused call was on. */
  public String table() {
    return table;
  }

  /** The permission the principal lacks, e.g. {@code WRITE}. */
  public String permission() {
    return permission;
  }

  /** The HBase shell command that grants the missing permission on the table. */
  public String grantCommand() {
    return grant(principal, table, permission);
  }

  private static String grant(String principal, String scope, String permission) {
    return "grant '"
        + shortName(principal)
        + "', '"
        + letter(permission)
        + "'"
        + (scope.isEmpty() ? "" : ", '" + scope + "'");
  }

  private static String letter(String permission) {
    return switch (permission) {
      case "READ" -> "R";
      case "WRITE" -> "W";
      case "CREATE" -> "C";
      case "ADMIN" -> "A";
      case "EXEC" -> "X";
      default -> permission;
    };
  }

  /**
   * A Kerberos principal's short name ({@code app} of {@code app/host@REALM}), as grants name
   * users.
   */
  private static String shortName(String principal) {
    int end = principal.length();
    for (char separator : new char[] {'/', '@'}) {
      int at = principal.indexOf(separator);
      if (at > 0 && at < end) {
        end = at;
      }
    }
    return principal.substring(0, end);
  }

  private static String namespaceOf(String table) {
    int colon = table.indexOf(':');
    return colon < 0 ? "default" : table.substring(0, colon);
  }
}
