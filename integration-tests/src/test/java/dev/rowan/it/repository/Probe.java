package dev.rowan.it.repository;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.Arrays;
import java.util.Objects;

/** An entity to throw hostile values at: a composite key, a view on a string, a double and bytes. */
@Table(name = "probes")
@Family(name = "p")
@Index(name = "tag", key = {"tag", "n"})
record Probe(
    @RowKey(order = 0) String id,
    @RowKey(order = 1) long n,
    @Column(name = "t") String tag,
    @Column(name = "s") Double score,
    @Column(name = "b") byte[] blob) {

  @Override
  public boolean equals(Object other) {
    return other instanceof Probe p && id.equals(p.id) && n == p.n && Objects.equals(tag, p.tag)
        && Objects.equals(score, p.score) && Arrays.equals(blob, p.blob);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, n, tag, score) * 31 + Arrays.hashCode(blob);
  }

  @Override
  public String toString() {
    return "Probe[id=" + printable(id) + ", n=" + n + ", tag=" + printable(tag) + ", score=" + score + ", blob="
        + (blob == null ? "null" : blob.length + " bytes") + "]";
  }

  private static String printable(String text) {
    if (text == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder();
    text.codePoints().limit(40).forEach(c -> out.append(c < 0x20 || c > 0x7E ? String.format("\\u%04X", c)
        : String.valueOf((char) c)));
    return out + (text.length() > 40 ? "...(" + text.length() + " chars)" : "");
  }
}
