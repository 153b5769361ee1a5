/**
 * API: the byte encodings Rowan stores. {@link dev.rowan.mapping.codec.KeyCodec} is an
 * order-preserving, self-delimiting encoding of one key part ({@link
 * dev.rowan.mapping.codec.KeyCodecs} gives the standard ones and their transforms, written to a
 * {@link dev.rowan.mapping.codec.KeyWriter} and read from a {@link
 * dev.rowan.mapping.codec.KeyReader}); {@link dev.rowan.mapping.codec.ValueCodec} and {@link
 * dev.rowan.mapping.codec.ValueCodecs} encode cell values; {@link
 * dev.rowan.mapping.codec.ValueOrder} is the order of values that key encodings keep; {@link
 * dev.rowan.mapping.codec.Utf8} is strict UTF-8. Rowan chooses a field's codecs from its type and
 * annotations, and there is no way yet to plug in a codec of one's own: the interfaces are API to
 * read keys with, not an SPI. The codecs themselves are package-private. docs/row-keys.md has the
 * table of encodings.
 */
@NullMarked
package dev.rowan.mapping.codec;

import org.jspecify.annotations.NullMarked;
