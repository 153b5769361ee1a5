package dev.rowan.core.internal.plumbing;

import dev.rowan.core.PermissionDeniedException;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.User;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API (a refusal reaches users as {@link PermissionDeniedException}): a refusal of
 * HBase's access control found in a failed call: who was refused, on which table, lacking which
 * permission, read from the first line of HBase's message (its server stack trace follows on the
 * next lines). HBase words it {@code Insufficient permissions for user 'app' (table=ns:orders,
 * action=WRITE)} or {@code Insufficient permissions (user=app, scope=ns:orders, ...,
 * action=CREATE)}.
 *
 * @param principal the principal refused
 * @param table where the permission lacks: a table ({@code ns:orders}), a namespace ({@code @ns}),
 *     the cluster (empty), or null when HBase does not say
 * @param permission the permission lacking
 * @param cause HBase's exception
 */
public record AccessRefusal(
    String principal, @Nullable String table, String permission, AccessDeniedException cause) {

  private static final Pattern USER = Pattern.compile("user[= ]'?([^',)\\s]+)'?");
  private static final Pattern TABLE = Pattern.compile("table=([^,)\\s]+)");
  private static final Pattern SCOPE = Pattern.compile("scope=([^,)\\s]+)");
  private static final Pattern ACTION = Pattern.compile("action=([A-Z]+)");

  /** The refusal {@code e} is or holds, also among the causes of a batch's failures. */
  public static Optional<AccessRefusal> in(@Nullable Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AccessDeniedException denied) {
        return Optional.of(of(denied));
      }
      if (t instanceof RetriesExhaustedWithDetailsException batch) {
        for (Throwable each : batch.getCauses()) {
          Optional<AccessRefusal> found = in(each);
          if (found.isPresent()) {
            return found;
          }
        }
      }
    }
    return Optional.empty();
  }

  private static AccessRefusal of(AccessDeniedException denied) {
    String message =
        denied.getMessage() == null ? "" : denied.getMessage().lines().findFirst().orElse("");
    String principal = group(USER, message);
    if (principal == null) {
      principal = currentUser();
    }
    String action = group(ACTION, message);
    String table = group(TABLE, message);
    String scope = group(SCOPE, message);
    if (table == null && scope != null) {
      // a table's scope is namespace-qualified ("default:orders"); a namespace's has no colon
      table = scope.equals("GLOBAL") ? "" : scope.contains(":") ? scope : "@" + scope;
    } else if (table != null && !table.contains(":")) {
      table = "default:" + table;
    }
    return new AccessRefusal(principal, table, action == null ? "the needed" : action, denied);
  }

  /**
   * The exception to throw: {@code operation} on table {@code called} refused on the scope HBase
   * names (a table, {@code ns:t}; a namespace; or the cluster), or on {@code called} when it names
   * none.
   */
  public PermissionDeniedException exception(String operation, String called) {
    String scope = table != null ? table : called.contains(":") ? called : "default:" + called;
    String refused =
        scope.contains(":") ? (scope.startsWith("default:") ? scope.substring(8) : scope) : called;
    return PermissionDeniedException.of(operation, principal, refused, scope, permission, cause);
  }

  private static @Nullable String group(Pattern pattern, String text) {
    Matcher matcher = pattern.matcher(text);
    return matcher.find() ? matcher.group(1) : null;
  }

  private static String currentUser() {
    try {
      User user = User.getCurrent();
      return user == null ? "(unknown)" : user.getShortName();
    } catch (IOException e) {
      return "(unknown)";
    }
  }
}
