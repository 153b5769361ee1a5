package dev.rowan.it.write;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Versioned;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import java.util.Optional;

/**
 * The entities of the partial update and counter tests, one per way an update is written, with
 * their repositories: without the protocol (tall, with only nullable columns, wide, {@code @Version})
 * and through it (views keyed by and carrying a counter, a unique view, history).
 */
public final class Updates {

  private Updates() {}

  /** Tall, without views: nullable and primitive counters. */
  @Table(name = "stock")
  record Stock(@RowKey String sku, @Column(name = "n") String note, @Column(name = "u") Long units,
      @Column(name = "s") int shelves) {}

  interface Stocks extends HBaseRepository<Stock> {
    boolean updateNoteBySku(String note, String sku);

    void updateNoteAndUnitsBySku(String note, Long units, String sku);

    long addToUnitsBySku(long delta, String sku);

    int addToShelvesBySku(int delta, String sku);
  }

  /** Tall, without views, a nullable column only: the row marker is its presence. */
  @Table(name = "memos")
  record Memo(@RowKey String id, @Column(name = "t") String text) {}

  interface Memos extends HBaseRepository<Memo> {
    boolean updateTextById(String text, String id);
  }

  /** Wide: many bins of one sku in a row. */
  @Table(name = "bins")
  record Bin(@RowKey String sku, @ColumnKey int bin, @Column(name = "n") String note, @Column(name = "u") Long units) {}

  interface Bins extends HBaseRepository<Bin> {
    boolean updateNoteBySkuAndBin(String note, String sku, int bin);

    long addToUnitsBySkuAndBin(long delta, String sku, int bin);
  }

  /** With a {@code @Version}, without views. */
  @Table(name = "vdocs")
  record Doc(@RowKey String id, @Column(name = "t") String text, @Column(name = "h") Long hits,
      @Version long version) {}

  interface Docs extends HBaseRepository<Doc> {
    boolean updateTextById(String text, String id);

    long addToHitsById(long delta, String id);
  }

  /**
   * With views: one keyed by the counter, one carrying it, one carrying neither the counter nor
   * the note.
   */
  @Table(name = "items")
  @Index(name = "byStock", key = {"stock"}, include = {"owner"})
  @Index(name = "owner", key = {"owner"}, include = {"stock"})
  @Index(name = "tag", key = {"tag"}, include = {"owner"})
  public record Item(@RowKey String id, @Column(name = "o") String owner, @Column(name = "t") String tag,
      @Column(name = "k") Long stock, @Column(name = "n") String note) {}

  public interface Items extends HBaseRepository<Item> {
    boolean updateNoteById(String note, String id);

    boolean updateOwnerById(String owner, String id);

    void updateOwnerAndTagById(String owner, String tag, String id);

    long addToStockById(long delta, String id);

    List<Item> findByStock(Long stock);

    List<Item> findByOwner(String owner);

    List<Item> findByTag(String tag);
  }

  /** With a unique view, which carries the counter. */
  @Table(name = "players")
  @Index(name = "handle", key = {"handle"}, unique = true)
  record Player(@RowKey String id, @Column(name = "h") String handle, @Column(name = "s") Long score) {}

  interface Players extends HBaseRepository<Player> {
    boolean updateHandleById(String handle, String id);

    long addToScoreById(long delta, String id);

    Optional<Player> findByHandle(String handle);
  }

  /** Keeps history: written by the protocol without views; an update writes a new version. */
  @Table(name = "tallies")
  @Family(name = "d", maxVersions = 10)
  record Tally(@RowKey String id, @Column(name = "t") Long total, @Column(name = "n") String note) {}

  interface Tallies extends HBaseRepository<Tally> {
    long addToTotalById(long delta, String id);

    boolean updateNoteById(String note, String id);

    List<Versioned<Tally>> findVersionsById(String id);
  }
}
