package dev.rowan.mapping.codec;

/** Strings as escaped, terminated strict UTF-8; they sort by Unicode code point. */
enum StringKeyCodec implements KeyCodec<String> {
  INSTANCE;

  @Override
  public void encode(String value, KeyWriter out) {
    Escaped.write(Utf8.encode(value), out);
  }

  @Override
  public byte[] prefixOf(String prefix) {
    KeyWriter out = new KeyWriter(prefix.length() + 2);
    Escaped.writeUnterminated(Utf8.encode(prefix), out);
    return out.toByteArray();
  }

  @Override
  public String decode(KeyReader in) {
    return Escaped.readUtf8(in);
  }
}
