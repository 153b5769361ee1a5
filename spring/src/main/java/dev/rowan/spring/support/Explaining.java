package dev.rowan.spring.support;

import org.jspecify.annotations.Nullable;

/**
 * The signature of {@code HBaseRepository.explain(String)}, as a repository fragment implements it.
 */
interface Explaining {

  /** The plan of the query method {@code methodName}. */
  @Nullable String explain(String methodName);
}
