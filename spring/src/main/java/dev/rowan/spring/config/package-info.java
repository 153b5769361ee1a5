/**
 * SPI: the Spring configuration of Rowan repositories: the registrar behind
 * {@code @EnableRowanRepositories}, and the repository configuration extension that Spring Boot's
 * auto-configuration of repositories uses.
 */
@NullMarked
package dev.rowan.spring.config;

import org.jspecify.annotations.NullMarked;
