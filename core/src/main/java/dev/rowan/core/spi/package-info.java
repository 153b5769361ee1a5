/**
 * SPI: the points where Rowan calls code of its user. {@link dev.rowan.core.spi.ProtocolHook} is
 * called between the steps of the view write protocol, for tracing, metrics and, in tests, faults;
 * install one with {@code Rowan.Builder.protocolHook}.
 */
@NullMarked
package dev.rowan.core.spi;

import org.jspecify.annotations.NullMarked;
