package dev.rowan.it.model;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Tall, no views, not salted: a string and a long key (code points beyond the BMP, NUL,
 * U+FFFF, negative numbers) and a column of every type, nulls included.
 */
class TallPlainModelIT extends ModelScenario {

  enum Color { RED, GREEN, BLUE }

  @Table(name = "notes")
  record Note(
      @RowKey(order = 0) String owner,
      @RowKey(order = 1) long seq,
      @Column(name = "t") String title,
      @Column(name = "r") Integer rank,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "b") byte[] blob,
      @Column(name = "c") Color color,
      @Column(name = "d") LocalDate day,
      @Column(name = "u") UUID ref,
      @Column(name = "f") boolean flag) {}

  interface Notes extends HBaseRepository<Note> {
    boolean updateTitleAndColorByOwnerAndSeq(String title, Color color, String owner, long seq);

    void updateFlagAndAmountByOwnerAndSeq(boolean flag, BigDecimal amount, String owner, long seq);

    Integer addToRankByOwnerAndSeq(int delta, String owner, long seq);

    List<Note> findByOwner(String owner);

    List<Note> findByOwnerAndSeqBetween(String owner, long from, long to);

    List<Note> findByOwnerAndSeqGreaterThan(String owner, long seq);

    List<Note> findByOwnerAndSeqLessThanEqual(String owner, long seq);

    Stream<Note> findByOwnerStartingWith(String prefix);

    List<Note> findByOwnerLessThan(String owner);

    List<Note> findByOwnerGreaterThanEqual(String owner);

    List<Note> findTop2ByOwnerOrderBySeqDesc(String owner);

    Page<Note> findByOwnerAndSeqGreaterThanEqual(String owner, long seq, PageRequest page);

    long countByOwner(String owner);

    boolean existsByOwnerAndSeq(String owner, long seq);

    Optional<Note> findByOwnerAndSeq(String owner, long seq);

    List<Note> findByOwnerIn(Collection<String> owners);

    List<Note> findByOwnerOrderByRankDesc(String owner);

    @AllowScan
    List<Note> findByRankGreaterThan(Integer rank);

    @AllowScan
    List<Note> findByColor(Color color);

    @AllowScan
    List<Note> findByTitleStartingWith(String prefix);

    @AllowScan
    List<Note> findByFlag(boolean flag);

    @AllowScan
    List<Note> findByColorIn(List<Color> colors);

    @AllowScan
    List<Note> findByDayAndRef(LocalDate day, UUID ref);

    @AllowScan
    List<Note> findByBlob(byte[] blob);

    @AllowScan
    Stream<Note> findByAmountLessThanEqual(BigDecimal amount);

    List<Note> findByOwnerAndTitleGreaterThan(String owner, String title);

    long deleteByOwnerAndSeqLessThan(String owner, long seq);
  }

  static final List<String> OWNERS = List.of("", "a", "a\0", "ab", "b", "\u00e9", "\uffff", "\ud83d\ude00",
      "\ud83d\ude00a", "z|z");
  static final List<String> PREFIXES = List.of("", "a", "\ud83d\ude00", "\uffff", "\u00e9", "z");
  static final List<String> TITLES = List.of("x", "xy", "y", "\ud83d\ude00", "\uffff", "");

  static long seq(Random random) {
    return random.nextInt(9) - 4;
  }

  @Override
  Shape<?, ?> shape() {
    return new NotesShape();
  }

  static final class NotesShape extends Shape<Note, Notes> {

    NotesShape() {
      super(Note.class);
      query("findByOwner", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.inOrder(call("findByOwner", owner), m.where(n -> n.owner().equals(owner)), repo.findByOwner(owner));
      });
      query("findByOwnerAndSeqBetween", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long from = seq(r);
        long to = from + r.nextInt(4);
        v.inOrder(call("findByOwnerAndSeqBetween", owner, from, to),
            m.where(n -> n.owner().equals(owner) && n.seq() >= from && n.seq() <= to),
            repo.findByOwnerAndSeqBetween(owner, from, to));
      });
      query("findByOwnerAndSeqGreaterThan", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        v.inOrder(call("findByOwnerAndSeqGreaterThan", owner, seq),
            m.where(n -> n.owner().equals(owner) && n.seq() > seq), repo.findByOwnerAndSeqGreaterThan(owner, seq));
      });
      query("findByOwnerAndSeqLessThanEqual", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        v.inOrder(call("findByOwnerAndSeqLessThanEqual", owner, seq),
            m.where(n -> n.owner().equals(owner) && n.seq() <= seq), repo.findByOwnerAndSeqLessThanEqual(owner, seq));
      });
      query("findByOwnerStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, PREFIXES);
        v.inOrder(call("findByOwnerStartingWith", prefix), m.where(n -> n.owner().startsWith(prefix)),
            Verdict.list(repo.findByOwnerStartingWith(prefix)));
      });
      query("findByOwnerLessThan", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.inOrder(call("findByOwnerLessThan", owner), m.where(n -> Entities.compare(n.owner(), owner) < 0),
            repo.findByOwnerLessThan(owner));
      }, 8);
      query("findByOwnerGreaterThanEqual", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.inOrder(call("findByOwnerGreaterThanEqual", owner), m.where(n -> Entities.compare(n.owner(), owner) >= 0),
            repo.findByOwnerGreaterThanEqual(owner));
      }, 8);
      query("findTop2ByOwnerOrderBySeqDesc", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.inOrder(call("findTop2ByOwnerOrderBySeqDesc", owner),
            reversed(m.where(n -> n.owner().equals(owner))).stream().limit(2).toList(),
            repo.findTop2ByOwnerOrderBySeqDesc(owner));
      });
      query("findByOwnerAndSeqGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        List<Note> expected = m.where(n -> n.owner().equals(owner) && n.seq() >= seq);
        String call = call("findByOwnerAndSeqGreaterThanEqual", owner, seq, "pages");
        v.inOrder(call, expected,
            v.pages(call, r, expected.size(), p -> repo.findByOwnerAndSeqGreaterThanEqual(owner, seq, p)));
      });
      query("countByOwner", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.same(call("countByOwner", owner), m.where(n -> n.owner().equals(owner)).size(), repo.countByOwner(owner));
      });
      query("existsByOwnerAndSeq", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        v.same(call("existsByOwnerAndSeq", owner, seq), !m.where(n -> n.owner().equals(owner) && n.seq() == seq).isEmpty(),
            repo.existsByOwnerAndSeq(owner, seq));
      });
      query("findByOwnerAndSeq", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        v.inOrder(call("findByOwnerAndSeq", owner, seq), m.where(n -> n.owner().equals(owner) && n.seq() == seq),
            repo.findByOwnerAndSeq(owner, seq).stream().toList());
      });
      query("findByOwnerIn", (repo, r, m, v) -> {
        List<String> owners = List.of(pick(r, OWNERS), pick(r, OWNERS), pick(r, OWNERS));
        v.inOrder(call("findByOwnerIn", owners), m.where(n -> owners.contains(n.owner())), repo.findByOwnerIn(owners));
      });
      query("findByOwnerOrderByRankDesc", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        v.sorted(call("findByOwnerOrderByRankDesc", owner), m.where(n -> n.owner().equals(owner)),
            Comparator.comparing(Note::rank, Comparator.nullsLast(Comparator.<Integer>reverseOrder())),
            Integer.MAX_VALUE, repo.findByOwnerOrderByRankDesc(owner));
      });
      query("findByRankGreaterThan", (repo, r, m, v) -> {
        int rank = r.nextInt(12) - 6;
        v.inOrder(call("findByRankGreaterThan", rank), m.where(n -> n.rank() != null && n.rank() > rank),
            repo.findByRankGreaterThan(rank));
      });
      query("findByColor", (repo, r, m, v) -> {
        Color color = pick(r, Color.values());
        v.inOrder(call("findByColor", color), m.where(n -> n.color() == color), repo.findByColor(color));
      });
      query("findByTitleStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, PREFIXES);
        v.inOrder(call("findByTitleStartingWith", prefix), m.where(n -> n.title() != null && n.title().startsWith(prefix)),
            repo.findByTitleStartingWith(prefix));
      });
      query("findByFlag", (repo, r, m, v) -> {
        boolean flag = r.nextBoolean();
        v.inOrder(call("findByFlag", flag), m.where(n -> n.flag() == flag), repo.findByFlag(flag));
      });
      query("findByColorIn", (repo, r, m, v) -> {
        List<Color> colors = List.of(pick(r, Color.values()), pick(r, Color.values()));
        v.inOrder(call("findByColorIn", colors), m.where(n -> n.color() != null && colors.contains(n.color())),
            repo.findByColorIn(colors));
      });
      query("findByDayAndRef", (repo, r, m, v) -> {
        Note probe = m.any(r);
        if (probe != null && probe.day() != null && probe.ref() != null) {
          v.inOrder(call("findByDayAndRef", probe.day(), probe.ref()),
              m.where(n -> probe.day().equals(n.day()) && probe.ref().equals(n.ref())), repo.findByDayAndRef(probe.day(), probe.ref()));
        }
      });
      query("findByBlob", (repo, r, m, v) -> {
        byte[] blob = new byte[] {(byte) r.nextInt(3), 0, (byte) 0xff};
        v.inOrder(call("findByBlob", blob), m.where(n -> java.util.Arrays.equals(blob, n.blob())), repo.findByBlob(blob));
      });
      query("findByAmountLessThanEqual", (repo, r, m, v) -> {
        BigDecimal amount = BigDecimal.valueOf(r.nextInt(2000) - 1000, r.nextInt(3));
        v.inOrder(call("findByAmountLessThanEqual", amount), m.where(n -> n.amount() != null && n.amount().compareTo(amount) <= 0),
            Verdict.list(repo.findByAmountLessThanEqual(amount)));
      });
      query("findByOwnerAndTitleGreaterThan", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        String title = pick(r, TITLES);
        v.inOrder(call("findByOwnerAndTitleGreaterThan", owner, title),
            m.where(n -> n.owner().equals(owner) && n.title() != null && Entities.compare(n.title(), title) > 0),
            repo.findByOwnerAndTitleGreaterThan(owner, title));
      }, 8);
      deletion("deleteByOwnerAndSeqLessThan", (repo, r) -> {
        String owner = pick(r, OWNERS);
        long seq = seq(r);
        return deleting(call("deleteByOwnerAndSeqLessThan", owner, seq), n -> n.owner().equals(owner) && n.seq() < seq,
            x -> repo.deleteByOwnerAndSeqLessThan(owner, seq));
      });
    }

    @Override
    Note invalid(Random r, Note keyOf) {
      // A title with an unpaired surrogate is refused rather than written as '?'.
      return new Note(keyOf == null ? pick(r, OWNERS) : keyOf.owner(), keyOf == null ? seq(r) : keyOf.seq(), "x\ud800",
          null, null, null, null, null, null, false);
    }

    @Override
    Class<Notes> repository() {
      return Notes.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Note create(Random r, Note keyOf) {
      return new Note(keyOf == null ? pick(r, OWNERS) : keyOf.owner(), keyOf == null ? seq(r) : keyOf.seq(),
          orNull(r, 4, pick(r, TITLES)), orNull(r, 4, r.nextInt(12) - 6),
          orNull(r, 4, BigDecimal.valueOf(r.nextInt(2000) - 1000, r.nextInt(3))),
          orNull(r, 4, new byte[] {(byte) r.nextInt(3), 0, (byte) 0xff}), orNull(r, 4, pick(r, Color.values())),
          orNull(r, 4, LocalDate.of(1969 + r.nextInt(3), 12, 31)), orNull(r, 4, new UUID(r.nextLong(), r.nextInt(3) - 1)),
          r.nextBoolean());
    }
  }
}
