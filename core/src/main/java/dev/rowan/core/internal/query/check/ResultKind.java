package dev.rowan.core.internal.query.check;

/** The kinds of return value a query method may declare ({@link MethodChecks#result}). */
public enum ResultKind {
  LIST,
  SET,
  STREAM,
  OPTIONAL,
  ENTITY,
  PAGE,
  COUNT_LONG,
  COUNT_INT,
  BOOLEAN,
  VOID,
  /**
   * The versions of one entity, newest first: {@code List<Versioned<T>>} ({@link
   * dev.rowan.core.internal.query.plan.VersionChecks}).
   */
  VERSIONS
}
