package dev.rowan.it.read;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.time.Instant;
import java.util.List;

/** Query methods on an unsalted entity with a descending view key and a narrow view. */
interface TradeQueries extends HBaseRepository<Trade> {
  List<Trade> findByAccountAndAtBetween(String account, Instant from, Instant to);

  List<Trade> findTop5ByAccountOrderByAtDesc(String account);

  List<Trade> findTop5ByAccountOrderByAtAsc(String account);

  List<Trade> findBySymbolAndQtyGreaterThanEqual(String symbol, long qty);

  List<Trade> findBySymbolAndQtyLessThan(String symbol, long qty);

  long countByAccount(String account);

  Page<Trade> findByAccountAndAtAfter(String account, Instant after, PageRequest page);

  List<Trade> findByAccountAndSymbol(String account, String symbol);

  List<Trade> findByTradeNoStartingWith(String prefix);

  @AllowScan
  List<Trade> findByQtyGreaterThan(long qty);
}
