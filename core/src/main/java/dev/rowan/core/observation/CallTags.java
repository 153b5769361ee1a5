package dev.rowan.core.observation;

/**
 * What Rowan tags a repository call with before it ends: the key by which the meter handlers keep
 * each method's meters, looked up once rather than per call.
 */
record CallTags(
    String repository, String method, String table, RepositoryCallContext.Access access) {

  /** The tags of {@code call} as it is now. */
  static CallTags of(RepositoryCallContext call) {
    return new CallTags(call.repository(), call.method(), call.table(), call.access());
  }
}
