package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.ViewModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The sample of keys at fault of a verify job. Each map task writes at most a few keys per view and
 * kind as lines {@code <view>\t<kind> <key>} of its output file ({@code part-m-NNNNN}); the driver
 * reads them all back and keeps, per view, up to the report's limit, taking the kinds in turn so
 * that each kind found is shown.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class ViewSamples {

  private final int limit;
  private final Map<String, Map<ViewVerdict.Kind, List<String>>> byView = new HashMap<>();
  private final Map<String, Set<String>> sharedByView = new HashMap<>();

  /** The word of a line that names a key of a unique view held by two entities. */
  private static final String SHARED = "shared";

  private ViewSamples(int limit) {
    this.limit = limit;
  }

  /** The line a map task writes for a key at fault. */
  static String line(ViewModel view, ViewVerdict.Kind kind, byte[] key) {
    return view.name() + "\t" + kind.word() + " " + Bytes.toStringBinary(key);
  }

  /**
   * The line a map task writes for a key of unique view {@code view} that two entities hold, as
   * {@code keyText}.
   */
  static String sharedLine(ViewModel view, String keyText) {
    return view.name() + "\t" + SHARED + " " + keyText;
  }

  /**
   * Reads every output file of a verify job under {@code dir}; keeps {@code limit} keys per view.
   */
  static ViewSamples read(Configuration conf, Path dir, int limit) throws IOException {
    ViewSamples samples = new ViewSamples(limit);
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return samples;
    }
    for (FileStatus file : fs.listStatus(dir, path -> path.getName().startsWith("part-"))) {
      try (BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          samples.add(line);
        }
      }
    }
    return samples;
  }

  void add(String line) {
    int tab = line.indexOf('\t');
    int space = line.indexOf(' ', tab + 1);
    if (tab < 0 || space < 0) {
      return;
    }
    if (line.substring(tab + 1, space).equals(SHARED)) {
      Set<String> keys = sharedByView.computeIfAbsent(line.substring(0, tab), v -> new TreeSet<>());
      keys.add(line.substring(space + 1));
      return;
    }
    ViewVerdict.Kind kind =
        ViewVerdict.Kind.valueOf(line.substring(tab + 1, space).toUpperCase(Locale.ROOT));
    byView
        .computeIfAbsent(line.substring(0, tab), view -> new EnumMap<>(ViewVerdict.Kind.class))
        .computeIfAbsent(kind, k -> new ArrayList<>())
        .add(line.substring(tab + 1));
  }

  /**
   * Up to the limit of the keys of unique view {@code view} that two entities hold, each as its key
   * properties with their values ({@code email=a@example.com}), in text order, without repeats.
   */
  List<String> shared(ViewModel view) {
    return sharedByView.getOrDefault(view.name(), Set.of()).stream().limit(limit).toList();
  }

  /** Up to the limit of keys of {@code view}, as {@code kind key}, the kinds taken in turn. */
  List<String> of(ViewModel view) {
    Map<ViewVerdict.Kind, List<String>> kinds = byView.getOrDefault(view.name(), Map.of());
    List<String> chosen = new ArrayList<>();
    for (int i = 0; chosen.size() < limit; i++) {
      boolean any = false;
      for (List<String> keys : kinds.values()) {
        if (i < keys.size() && chosen.size() < limit) {
          chosen.add(keys.get(i));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    return chosen;
  }
}
