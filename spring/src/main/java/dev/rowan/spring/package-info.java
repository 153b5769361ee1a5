/**
 * API: Rowan repositories as Spring Data repositories. {@link
 * dev.rowan.spring.EnableRowanRepositories} finds the interfaces that extend {@code
 * HBaseRepository} and makes each a bean, served by Rowan's planner (docs/spring.md).
 */
@NullMarked
package dev.rowan.spring;

import org.jspecify.annotations.NullMarked;
