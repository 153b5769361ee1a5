package dev.rowan.core.internal.context;

import dev.rowan.core.internal.schema.TableRecord;
import dev.rowan.core.internal.schema.TableRecords;
import dev.rowan.core.internal.schema.ViewStates;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the tables of one entity say about its views ({@link ViewStates}), as this store knows it:
 * read when the store is built and again, in the background, once a refresh has passed, at the next
 * call that asks (a call waits for the read only when the states are older than twice the refresh).
 * From it:
 *
 * <ul>
 *   <li>the views queries may read: not those building, being dropped or dropped;
 *   <li>the views writers maintain: every declared view but the dropped ones (no longer named by
 *       the main table), so a writer whose class still declares a dropped view stops writing it
 *       before its table goes;
 *   <li>whether this class may write at all: not when the main table names a view it does not
 *       declare (added by a newer version of the class), which it would leave stale.
 * </ul>
 *
 * <p>The records of the main table and every view table are read at every refresh, in one multi-get
 * of the {@link dev.rowan.core.internal.schema.Catalog}: READ on it is all a reader or writer
 * needs, no {@code Admin} call is made.
 *
 * <p>Thread-safety: thread-safe.
 */
public final class ViewRoster {

  /** What was read, at {@code readAt}. */
  private record Known(
      Set<String> unreadable,
      Set<String> dropped,
      Set<String> missing,
      Set<String> unknown,
      ViewMaintainer maintained,
      long readAt) {}

  private final Connection connection;
  private final EntityModel<?> model;
  private final TableName mainTable;
  private final Map<String, TableName> tables = new LinkedHashMap<>();
  private final long refreshMillis;
  private volatile Known known;
  private final AtomicReference<CompletableFuture<Known>> inFlight = new AtomicReference<>();

  /** Where the states are read again: daemon threads, so that an idle client holds none. */
  private static final ExecutorService READERS =
      Executors.newCachedThreadPool(
          runnable -> {
            Thread thread = new Thread(runnable, "rowan-view-states");
            thread.setDaemon(true);
            return thread;
          });

  private static final Logger LOG = LoggerFactory.getLogger(ViewRoster.class);

  ViewRoster(
      Connection connection,
      EntityModel<?> model,
      TableName mainTable,
      Map<ViewModel, TableName> viewTables,
      long refreshMillis) {
    this.connection = connection;
    this.model = model;
    this.mainTable = mainTable;
    viewTables.forEach((view, table) -> tables.put(view.name(), table));
    this.refreshMillis = refreshMillis;
    this.known = read();
  }

  /** The names of the declared views queries do not read: building, being dropped, or dropped. */
  public Set<String> unreadable() {
    return current().unreadable();
  }

  /**
   * Why queries do not read view {@code view}, as the end of a sentence that starts with its name:
   * {@code "is still building (...)"} or {@code "is dropped (...)"}.
   */
  public String whyUnread(String view) {
    Known now = current();
    return now.dropped().contains(view)
        ? DROPPED
        : now.missing().contains(view) ? MISSING : BUILDING;
  }

  static final String BUILDING = "is still building (RebuildViews fills it and makes it active)";
  public static final String DROPPED = "is dropped (schema().dropView)";
  public static final String MISSING =
      "has no table (schema().create makes it, building, and RebuildViews fills it)";

  /** {@code views} without those queries do not read. */
  public List<ViewModel> readable(List<ViewModel> views) {
    Set<String> now = unreadable();
    if (now.isEmpty()) {
      return views;
    }
    List<ViewModel> readable = new ArrayList<>();
    for (ViewModel view : views) {
      if (!now.contains(view.name())) {
        readable.add(view);
      }
    }
    return readable;
  }

  /** The maintainer of the views writers write: every declared view but the dropped ones. */
  ViewMaintainer maintained() {
    return current().maintained();
  }

  /**
   * Refuses a write when the main table names views this class does not declare.
   *
   * @throws IllegalStateException naming the entity, its table and the views
   */
  public void requireKnown() {
    Set<String> unknown = current().unknown();
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          model.entityName()
              + " ("
              + model.type().getName()
              + ") cannot write table "
              + mainTable.getNameAsString()
              + ": the table has view"
              + (unknown.size() > 1 ? "s " : " ")
              + String.join(", ", unknown)
              + ", which this version of the class does not declare, and every writer must"
              + " maintain every view of its table. Write with the version of the class that declares "
              + (unknown.size() > 1 ? "them" : "it")
              + ", or drop "
              + (unknown.size() > 1 ? "them" : "it")
              + " (schema().dropView).");
    }
  }

  /**
   * The states as last read. Past a refresh, a read starts in the background and calls go on with
   * what was read before (a region server write needs no master, and this read does); past twice
   * the refresh, calls wait for a read, and fail when it fails: a client never acts on states older
   * than that, which is what the notice of {@code ViewLifecycle} (three refreshes and a second)
   * counts on.
   */
  private Known current() {
    Known now = known;
    long age = System.currentTimeMillis() - now.readAt();
    if (age <= refreshMillis) {
      return now;
    }
    CompletableFuture<Known> reading = reading();
    if (age <= 2 * refreshMillis) {
      return now;
    }
    try {
      return reading.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  /** The read of the states under way, started if none is. */
  private CompletableFuture<Known> reading() {
    CompletableFuture<Known> running = inFlight.get();
    if (running != null) {
      return running;
    }
    CompletableFuture<Known> next = new CompletableFuture<>();
    if (!inFlight.compareAndSet(null, next)) {
      return inFlight.get() != null ? inFlight.get() : CompletableFuture.completedFuture(known);
    }
    READERS.execute(
        () -> {
          try {
            Known read = read();
            known = read;
            next.complete(read);
          } catch (RuntimeException | Error e) {
            LOG.warn(
                "Cannot read the states of the views of {}; using those read {} ms ago: {}",
                mainTable,
                System.currentTimeMillis() - known.readAt(),
                e.toString());
            next.completeExceptionally(e);
          } finally {
            inFlight.set(null);
          }
        });
    return next;
  }

  /**
   * Reads the states: the records of the main table and every view table, in one multi-get of the
   * catalog (READ on it), or from the tables' descriptors when the catalog does not record them
   * ({@link TableRecords}).
   */
  private Known read() {
    long readAt = System.currentTimeMillis();
    TableRecords records = TableRecords.read(connection, mainTable, tables.values());
    TableRecord main = records.get(mainTable);
    Optional<Set<String>> named = main == null ? Optional.empty() : ViewStates.views(main);
    Set<String> dropped = new TreeSet<>();
    Set<String> unknown = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    if (named.isPresent()) {
      unknown.addAll(named.get());
      for (String view : tables.keySet()) {
        unknown.remove(view);
        if (!named.get().contains(view)) {
          dropped.add(view);
        }
      }
    }
    Set<String> unreadable = new TreeSet<>(dropped);
    Set<String> missing = new TreeSet<>();
    for (String view : tables.keySet()) {
      if (dropped.contains(view)) {
        continue;
      }
      TableRecord live = records.get(tables.get(view));
      if (live == null && main != null
          || live != null && (ViewStates.isBuilding(live) || ViewStates.isDropping(live))) {
        unreadable.add(
            view); // a view table not made yet next to a main table may be made building: read it
        // first
      }
      if (live == null && main != null) {
        missing.add(view);
      }
    }
    ViewMaintainer all = ViewMaintainer.of(model);
    return new Known(
        Set.copyOf(unreadable),
        Set.copyOf(dropped),
        Set.copyOf(missing),
        Set.copyOf(unknown),
        dropped.isEmpty() ? all : all.without(dropped),
        readAt);
  }
}
