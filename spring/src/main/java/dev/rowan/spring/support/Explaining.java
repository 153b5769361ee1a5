package dev.rowan.spring.support;

/**
 * The signature of {@code HBaseRepository.explain(String)}, as a repository fragment implements it.
 */
interface Explaining {

  /** The plan of the query method {@code methodName}. */
  String explain(String methodName);
}
