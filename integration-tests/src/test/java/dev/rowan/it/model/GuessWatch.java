package dev.rowan.it.model;

import dev.rowan.core.spi.ProtocolHook;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the entities whose write attempt reached the commit, did not commit, and was written
 * again: with a single writer, nothing else races a commit, so these are the entities a batch
 * guessed new that were not (core's {@code NewEntityGuess}).
 */
final class GuessWatch implements ProtocolHook {

  private final Map<String, Step> last = new ConcurrentHashMap<>();
  private final AtomicInteger writtenAgain = new AtomicInteger();

  @Override
  public void at(Step step, String table, List<byte[]> rowKeys) {
    for (byte[] rowKey : rowKeys) {
      String key = table + "/" + HexFormat.of().formatHex(rowKey);
      if (step == Step.BEFORE_UNVERIFY && last.get(key) == Step.BEFORE_MAIN_WRITE) {
        writtenAgain.incrementAndGet();
      }
      last.put(key, step);
    }
  }

  /** The entities written again after their commit found the row other than the attempt expected. */
  int writtenAgain() {
    return writtenAgain.get();
  }
}
