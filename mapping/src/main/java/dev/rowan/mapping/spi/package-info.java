/**
 * SPI: the points where the mapping calls code of its user. {@link
 * dev.rowan.mapping.spi.BucketFunction} chooses the salt bucket of a key; {@code @Salt(function =
 * ...)} names one of the user's own, and {@link dev.rowan.mapping.spi.BucketFunction#hashMod()} and
 * {@link dev.rowan.mapping.spi.BucketFunction#consistentHash(int)} are the two Rowan ships
 * (package-private behind those factories). docs/row-keys.md has the section on bucket strategies.
 */
@NullMarked
package dev.rowan.mapping.spi;

import org.jspecify.annotations.NullMarked;
