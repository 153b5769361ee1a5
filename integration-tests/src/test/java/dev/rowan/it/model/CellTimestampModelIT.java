package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import java.util.Random;

/**
 * Tall, no views, a {@code long} {@code @CellTimestamp}: each save stamps its cells with the
 * entity's time, which reads back as saved. While defect 13 is open, stamps only rise per key and
 * nothing is deleted (see {@link ModelRun}).
 */
class CellTimestampModelIT extends ModelScenario {

  @Table(name = "ticks")
  record Tick(
      @RowKey(order = 0) String symbol,
      @RowKey(order = 1) int venue,
      @CellTimestamp long at,
      @Column(name = "p") String price,
      @Column(name = "s") Integer size) {}

  interface Ticks extends HBaseRepository<Tick> {
    List<Tick> findBySymbol(String symbol);

    List<Tick> findBySymbolAndVenueLessThan(String symbol, int venue);

    long countBySymbol(String symbol);

    long deleteBySymbolAndVenue(String symbol, int venue);
  }

  static final List<String> SYMBOLS = List.of("A", "AB", "B");

  @Override
  Shape<?, ?> shape() {
    return new TicksShape();
  }

  static final class TicksShape extends Shape<Tick, Ticks> {

    TicksShape() {
      super(Tick.class);
      query("findBySymbol", (repo, r, m, v) -> {
        String symbol = pick(r, SYMBOLS);
        v.inOrder(call("findBySymbol", symbol), m.where(t -> t.symbol().equals(symbol)), repo.findBySymbol(symbol));
      });
      query("findBySymbolAndVenueLessThan", (repo, r, m, v) -> {
        String symbol = pick(r, SYMBOLS);
        int venue = r.nextInt(5) - 2;
        v.inOrder(call("findBySymbolAndVenueLessThan", symbol, venue),
            m.where(t -> t.symbol().equals(symbol) && t.venue() < venue), repo.findBySymbolAndVenueLessThan(symbol, venue));
      });
      query("countBySymbol", (repo, r, m, v) -> {
        String symbol = pick(r, SYMBOLS);
        v.same(call("countBySymbol", symbol), m.where(t -> t.symbol().equals(symbol)).size(), repo.countBySymbol(symbol));
      });
      deletion("deleteBySymbolAndVenue", (repo, r) -> {
        String symbol = pick(r, SYMBOLS);
        int venue = r.nextInt(5) - 2;
        return deleting(call("deleteBySymbolAndVenue", symbol, venue), t -> t.symbol().equals(symbol) && t.venue() == venue,
            x -> repo.deleteBySymbolAndVenue(symbol, venue));
      });
    }

    @Override
    Class<Ticks> repository() {
      return Ticks.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Tick create(Random r, Tick keyOf) {
      return new Tick(keyOf == null ? pick(r, SYMBOLS) : keyOf.symbol(), keyOf == null ? r.nextInt(5) - 2 : keyOf.venue(),
          0, orNull(r, 3, "p" + r.nextInt(3)), orNull(r, 3, r.nextInt(3)));
    }
  }
}
