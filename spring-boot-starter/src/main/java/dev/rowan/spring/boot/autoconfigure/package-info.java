/**
 * API: Spring Boot auto-configuration of Rowan. {@link
 * dev.rowan.spring.boot.autoconfigure.RowanProperties} binds the {@code rowan.*} properties; {@link
 * dev.rowan.spring.boot.autoconfigure.RowanAutoConfiguration} makes the HBase {@code
 * Configuration}, {@code Connection} and {@code Rowan} beans and runs the schema step of {@code
 * rowan.schema.mode}; the other auto-configurations add the repositories, an embedded HBase for
 * local development, the {@code rowan} health indicator and Rowan's meters. Every bean backs off
 * when the application defines its own.
 */
@NullMarked
package dev.rowan.spring.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
