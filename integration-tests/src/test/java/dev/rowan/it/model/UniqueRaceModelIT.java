package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.WriteConflictException;
import dev.rowan.it.model.UniqueViewModelIT.User;
import dev.rowan.it.model.UniqueViewModelIT.Users;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.ViewAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The concurrent variant of the model test, for unique views: threads save the same users at once
 * and move their emails among a few, so unique keys are claimed, released and raced for. After
 * the race no email has two live owners, every unique-key query answers (and answers the owner),
 * and every view equals its rebuild; a reader during the race never gets a user its query does not
 * match. While defect 2 or 3 is skipped ({@link KnownDefects}), each
 * thread has users and emails of its own, so writes run concurrently but never race on one key.
 */
@HBaseTest
class UniqueRaceModelIT {

  private static final int THREADS = 4;
  private static final int USERS = 8;
  private static final int EMAILS = 5;

  @Test
  void racingSavesLeaveEveryUniqueKeyWithOneOwnerAndViewsEqualToARebuild(Rowan rowan) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    int rounds = Math.max(20, Integer.getInteger("rowan.model.ops", 300) / 2);
    boolean shared = !KnownDefects.skipped(2) && !KnownDefects.skipped(3);
    System.out.println("UniqueRaceModelIT seed " + seed + " (" + THREADS + " threads x " + rounds + " saves, "
        + (shared ? "shared users and emails" : "users and emails per thread, defects 2 and 3 skipped") + ")");
    rowan.schema().create(User.class);
    Users users = rowan.repository(Users.class);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
    ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger conflicts = new AtomicInteger();
    List<Future<?>> writers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(seed + t);
      String space = shared ? "" : "t" + t + "-";
      writers.add(pool.submit(() -> {
        for (int round = 0; round < rounds; round++) {
          String id = space + "u" + random.nextInt(USERS);
          String email = random.nextInt(6) == 0 ? null : space + "e" + random.nextInt(EMAILS) + "@x";
          User user = new User(id, email, Shape.pick(random, "red", "blue"), random.nextInt(3), "n" + round);
          try {
            if (random.nextInt(10) == 0) {
              users.deleteByKey(id);
            } else {
              users.save(user);
            }
          } catch (UniqueViolationException e) {
            refused.incrementAndGet();
          } catch (WriteConflictException e) {
            conflicts.incrementAndGet();
          } catch (RuntimeException e) {
            unexpected.add("save " + user + " threw " + e);
          }
        }
        return null;
      }));
    }
    java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
    AtomicInteger reads = new AtomicInteger();
    Random readerRandom = new Random(seed - 1);
    Future<?> reader = pool.submit(() -> {
      while (writing.get()) {
        String space = shared ? "" : "t" + readerRandom.nextInt(THREADS) + "-";
        String email = space + "e" + readerRandom.nextInt(EMAILS) + "@x";
        String team = Shape.pick(readerRandom, "red", "blue");
        try {
          users.findByEmail(email).filter(u -> !email.equals(u.email()))
              .ifPresent(u -> unexpected.add("findByEmail(" + email + ") returned " + u));
          for (User u : users.findByTeam(team)) {
            reads.incrementAndGet();
            if (!team.equals(u.team())) {
              unexpected.add("findByTeam(" + team + ") returned " + u);
            }
          }
        } catch (RuntimeException e) {
          unexpected.add("a read during the race threw " + e);
        }
      }
      return null;
    });
    for (Future<?> writer : writers) {
      writer.get(10, TimeUnit.MINUTES);
    }
    writing.set(false);
    reader.get(1, TimeUnit.MINUTES);
    pool.shutdown();
    String context = "UniqueRaceModelIT seed " + seed;
    List<String> problems = List.copyOf(unexpected);
    assertEquals(List.of(), problems.subList(0, Math.min(10, problems.size())),
        context + ": " + problems.size() + " unexpected exceptions or wrong answers during the race, the first 10");

    List<User> all = Verdict.list(users.scanAll());
    Map<String, List<String>> owners = new TreeMap<>(all.stream().filter(u -> u.email() != null)
        .collect(Collectors.groupingBy(User::email, Collectors.mapping(User::userId, Collectors.toList()))));
    Map<String, List<String>> twoOwners = new TreeMap<>(owners);
    twoOwners.values().removeIf(ids -> ids.size() < 2);
    assertEquals(Map.of(), twoOwners, context + ": emails with two live owners");

    List<String> wrong = new ArrayList<>();
    for (int t = 0; t < (shared ? 1 : THREADS); t++) {
      for (int e = 0; e < EMAILS; e++) {
        String email = (shared ? "" : "t" + t + "-") + "e" + e + "@x";
        Optional<String> owner = Optional.ofNullable(owners.get(email)).map(ids -> ids.get(0));
        try {
          Optional<String> found = users.findByEmail(email).map(User::userId);
          boolean exists = users.existsByEmail(email);
          if (!found.equals(owner) || exists != owner.isPresent()) {
            wrong.add(email + ": owner " + owner + ", findByEmail " + found + ", existsByEmail " + exists);
          }
        } catch (RuntimeException x) {
          wrong.add(email + ": owner " + owner + ", the query threw " + x);
        }
      }
    }
    assertEquals(List.of(), wrong, context + ": unique-key queries after the race");
    for (String team : List.of("red", "blue")) {
      List<String> expected = all.stream().filter(u -> team.equals(u.team())).map(User::userId).sorted().toList();
      List<String> found = users.findByTeam(team).stream().map(User::userId).sorted().toList();
      assertEquals(expected, found, context + ": findByTeam(" + team + ") after the race");
    }
    ViewAudit.assertViewsMatchRebuild(rowan, User.class);
    System.out.println(context + ": " + THREADS * rounds + " racing writes, " + reads.get() + " users read while writing, " + refused.get() + " refused as taken, "
        + conflicts.get() + " write conflicts, " + all.size() + " users live, " + owners.size() + " emails owned");
  }
}
