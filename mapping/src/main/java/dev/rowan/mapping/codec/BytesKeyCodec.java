package dev.rowan.mapping.codec;

/** Byte arrays, escaped and terminated; they sort as unsigned bytes, a prefix first. */
enum BytesKeyCodec implements KeyCodec<byte[]> {
  INSTANCE;

  @Override
  public void encode(byte[] value, KeyWriter out) {
    Escaped.write(value, out);
  }

  @Override
  public byte[] decode(KeyReader in) {
    return Escaped.read(in);
  }
}
