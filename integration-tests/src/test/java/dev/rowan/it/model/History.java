package dev.rowan.it.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every state each entity had while writers ran concurrently with readers, with when each write
 * was invoked and when it returned. A write in flight may or may not have taken effect, so the
 * states an entity could have had during a read from {@code a} to {@code b} are the one current at
 * {@code a}, the ones written during the read, and the one a write in flight at {@code a} replaced.
 * Each key is written by one writer at a time, so its writes follow one another. Thread-safe: one
 * lock for all keys.
 *
 * @param <E> the entity record
 */
public final class History<E> {

  /** A state (null: no entity) written by a write invoked and returned at these times (nanoTime). */
  record Entry<E>(E state, long invoked, long returned) {}

  private final Entities<E> entities;
  /** A family's time to live and how far past it an expiry may lag, in nanoseconds; 0 for none. */
  private final long ttl;
  private final long lag;
  private final long origin = System.nanoTime();
  private final Map<String, List<Entry<E>>> logs = new HashMap<>();
  /** The writes in flight: key to the time the write was invoked. */
  private final Map<String, Long> inFlight = new HashMap<>();
  private boolean aborted;

  History(Entities<E> entities) {
    this(entities, 0, 0);
  }

  /**
   * A history of entities that expire whole {@code ttlMillis} after their last write (the write's
   * cells are stamped between its invocation and its return), at most {@code lagMillis} late.
   */
  History(Entities<E> entities, long ttlMillis, long lagMillis) {
    this.entities = entities;
    this.ttl = ttlMillis * 1_000_000;
    this.lag = lagMillis * 1_000_000;
  }

  /** The state of {@code key} before the writers start. */
  synchronized void initial(String key, E state) {
    logs.computeIfAbsent(key, k -> new ArrayList<>()).add(new Entry<>(state, Long.MIN_VALUE, Long.MIN_VALUE));
  }

  /** A write of {@code keys} is about to be invoked; returns the time it is. */
  synchronized long invoking(List<String> keys) {
    long now = System.nanoTime();
    for (String key : keys) {
      inFlight.put(key, now);
    }
    return now;
  }

  /** The write of {@code key} invoked at {@code invoked} returned at {@code returned}, leaving {@code state}. */
  synchronized void returned(String key, E state, long invoked, long returned) {
    List<Entry<E>> log = logs.computeIfAbsent(key, k -> new ArrayList<>());
    if (log.isEmpty()) {
      log.add(new Entry<>(null, Long.MIN_VALUE, Long.MIN_VALUE));
    }
    log.add(new Entry<>(state, invoked, returned));
    inFlight.remove(key);
    notifyAll();
  }

  /** The write of {@code key} in flight was refused and left the entity as it was. */
  synchronized void unchanged(String key) {
    inFlight.remove(key);
    notifyAll();
  }

  /** Wakes every reader waiting for writes in flight: the run failed. */
  synchronized void abort() {
    aborted = true;
    notifyAll();
  }

  /**
   * The states every key could have had from {@code start} to {@code end} (null for no entity), by
   * key, after waiting for the writes invoked by {@code end} to return; keys never written are
   * left out (they had no entity). Empty when the run was aborted.
   */
  synchronized Map<String, List<E>> possible(long start, long end) {
    while (!aborted && inFlight.values().stream().anyMatch(invoked -> invoked <= end)) {
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        aborted = true;
      }
    }
    Map<String, List<E>> possible = new LinkedHashMap<>();
    for (Map.Entry<String, List<Entry<E>>> log : logs.entrySet()) {
      List<Entry<E>> entries = withExpiries(log.getValue());
      List<E> states = new ArrayList<>();
      for (int j = 0; j < entries.size(); j++) {
        Entry<E> entry = entries.get(j);
        boolean replacedAfterStart = j == entries.size() - 1 || entries.get(j + 1).returned() >= start;
        if (entry.invoked() <= end && replacedAfterStart) {
          states.add(entry.state());
        }
      }
      possible.put(log.getKey(), states);
    }
    return possible;
  }

  /**
   * The entries with, after each write of an entity that may expire before the next write took
   * effect, its expiry: a "write" of no entity invoked a TTL after the write was and returned a
   * TTL (and the lag) after it returned.
   */
  private List<Entry<E>> withExpiries(List<Entry<E>> entries) {
    if (ttl == 0) {
      return entries;
    }
    List<Entry<E>> all = new ArrayList<>();
    for (int j = 0; j < entries.size(); j++) {
      Entry<E> entry = entries.get(j);
      all.add(entry);
      boolean last = j == entries.size() - 1;
      if (entry.state() != null && entry.invoked() != Long.MIN_VALUE
          && (last || entries.get(j + 1).returned() > entry.invoked() + ttl)) {
        all.add(new Entry<>(null, entry.invoked() + ttl, entry.returned() + ttl + lag));
      }
    }
    return all;
  }

  /**
   * The states {@code key} could have had from {@code start} to {@code end}, without waiting for
   * writes in flight: for the writer of the key, about the states before its own write.
   */
  synchronized List<E> possibleOf(String key, long start, long end) {
    List<Entry<E>> entries = withExpiries(logs.getOrDefault(key, List.of(new Entry<>(null, Long.MIN_VALUE,
        Long.MIN_VALUE))));
    List<E> states = new ArrayList<>();
    for (int j = 0; j < entries.size(); j++) {
      Entry<E> entry = entries.get(j);
      if (entry.invoked() <= end && (j == entries.size() - 1 || entries.get(j + 1).returned() >= start)) {
        states.add(entry.state());
      }
    }
    return states;
  }

  /** The latest state of every key written or known, in no order (live entities only). */
  synchronized List<E> latest() {
    List<E> live = new ArrayList<>();
    for (List<Entry<E>> log : logs.values()) {
      E state = log.get(log.size() - 1).state();
      if (state != null) {
        live.add(state);
      }
    }
    return live;
  }

  /** The latest state of every key, nulls included. */
  synchronized Map<String, E> finalStates() {
    Map<String, E> states = new LinkedHashMap<>();
    logs.forEach((key, log) -> states.put(key, log.get(log.size() - 1).state()));
    return states;
  }

  /** Milliseconds since the history began, for messages. */
  String at(long nanos) {
    return nanos == Long.MIN_VALUE ? "before" : String.format("%.3fms", (nanos - origin) / 1e6);
  }

  /** The writes of {@code key}, for a failure message. */
  synchronized String describe(String key) {
    List<Entry<E>> log = logs.get(key);
    if (log == null) {
      return "    " + key + ": never written, no entity";
    }
    StringBuilder text = new StringBuilder("    " + key + ":");
    List<Entry<E>> all = withExpiries(log);
    List<Entry<E>> shown = all.size() > 12 ? all.subList(all.size() - 12, all.size()) : all;
    for (Entry<E> entry : shown) {
      text.append("\n      invoked ").append(at(entry.invoked())).append(", returned ").append(at(entry.returned()))
          .append(": ").append(entities.text(entry.state()));
    }
    return text.toString();
  }
}
