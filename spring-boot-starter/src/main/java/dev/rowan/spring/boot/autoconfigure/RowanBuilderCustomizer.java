package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.Rowan;

/**
 * Sets options of the auto-configured {@link Rowan} that no property names, such as a {@code
 * protocolHook}: every bean of this type is called, in order, with the builder, after the {@code
 * rowan.*} properties are applied. An option set by a property must not be set again (the builder
 * refuses it, showing the earlier value).
 *
 * <p>Thread-safety: called once, at start-up, on one thread.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface RowanBuilderCustomizer {

  /** Customizes {@code builder}. */
  void customize(Rowan.Builder builder);
}
