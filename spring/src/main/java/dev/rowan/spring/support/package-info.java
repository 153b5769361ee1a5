/**
 * SPI: the Spring Data repository factory of Rowan. {@link
 * dev.rowan.spring.support.RowanRepositoryFactoryBean} builds each repository with {@code
 * Rowan.repository} and maps Spring Data's {@code Sort}, {@code Limit}, {@code Pageable}, {@code
 * ScrollPosition}, {@code Slice} and {@code Window} onto Rowan's keyset pages.
 */
@NullMarked
package dev.rowan.spring.support;

import org.jspecify.annotations.NullMarked;
