package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Tall, salted in 3 buckets, a unique view on email (few emails for many users, so keys are
 * taken, released and taken again) and a narrow view on (team, level) that carries the email.
 */
class UniqueViewModelIT extends ModelScenario {

  @Table(name = "users", salt = @Salt(buckets = 3))
  @Index(name = "email", key = {"email"}, unique = true)
  @Index(name = "team", key = {"team", "level"}, include = {"email"})
  record User(
      @RowKey String userId,
      @Column(name = "e") String email,
      @Column(name = "t") String team,
      @Column(name = "l") Integer level,
      @Column(name = "n") String nick) {}

  /** Projections through the unique email view (the owner cell names the user) and the narrow team view. */
  record Contact(String userId, String email) {}

  record TeamEmail(String team, Integer level, String email) {}

  interface Users extends HBaseRepository<User> {
    boolean updateEmailByUserId(String email, String userId);

    void updateNickAndTeamByUserId(String nick, String team, String userId);

    long addToLevelByUserId(int delta, String userId);

    Optional<User> findByEmail(String email);

    Optional<Contact> findContactByEmail(String email);

    List<TeamEmail> findEmailsByTeam(String team);

    boolean existsByEmail(String email);

    long countByEmail(String email);

    List<User> findByEmailIn(List<String> emails);

    List<User> findByEmailStartingWith(String prefix);

    List<User> findByTeam(String team);

    List<User> findByTeamAndLevelGreaterThan(String team, Integer level);

    Page<User> findByTeamAndLevelBetween(String team, Integer from, Integer to, PageRequest page);

    List<User> findTop2ByTeamOrderByLevelDesc(String team);

    Optional<User> findByUserId(String userId);

    User findOneByEmail(String email);

    Iterable<User> readByTeam(String team);

    java.util.Collection<User> queryByTeamAndLevel(String team, Integer level);

    int countByTeam(String team);

    long deleteByEmail(String email);

    int removeByTeamAndLevel(String team, Integer level);

    long deleteByTeamAndLevelLessThan(String team, Integer level);
  }

  static final List<String> USERS = List.of("u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9");
  static final List<String> EMAILS = List.of("one@x", "one@x.org", "two@x", "\u00e9@x", "\ud83d\ude00@x", "a@\0");
  static final List<String> TEAMS = List.of("red", "blue", "");

  @Override
  Shape<?, ?> shape() {
    return new UsersShape();
  }

  static final class UsersShape extends Shape<User, Users> {

    UsersShape() {
      super(User.class);
      query("findByEmail", (repo, r, m, v) -> {
        String email = pick(r, EMAILS);
        v.inOrder(call("findByEmail", email), m.where(u -> email.equals(u.email())), repo.findByEmail(email).stream().toList());
      });
      query("findContactByEmail (projection, unique view)", (repo, r, m, v) -> {
        String email = pick(r, EMAILS);
        v.same(call("findContactByEmail", email), m.where(u -> email.equals(u.email())).stream()
            .map(u -> new Contact(u.userId(), u.email())).findFirst(), repo.findContactByEmail(email));
      });
      query("findEmailsByTeam (projection, narrow view)", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        v.same(call("findEmailsByTeam", team), m.where("team", u -> team.equals(u.team())).stream()
            .map(u -> new TeamEmail(u.team(), u.level(), u.email())).toList(), repo.findEmailsByTeam(team));
      });
      query("existsByEmail", (repo, r, m, v) -> {
        String email = pick(r, EMAILS);
        v.same(call("existsByEmail", email), !m.where(u -> email.equals(u.email())).isEmpty(), repo.existsByEmail(email));
      });
      query("countByEmail", (repo, r, m, v) -> {
        String email = pick(r, EMAILS);
        v.same(call("countByEmail", email), m.where(u -> email.equals(u.email())).size(), repo.countByEmail(email));
      });
      query("findByEmailIn", (repo, r, m, v) -> {
        List<String> emails = List.of(pick(r, EMAILS), pick(r, EMAILS), pick(r, EMAILS));
        v.anyOrder(call("findByEmailIn", emails), m.where(u -> u.email() != null && emails.contains(u.email())),
            repo.findByEmailIn(emails));
      });
      query("findByEmailStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, "one@x", "", "\u00e9", "\ud83d\ude00", "a@");
        v.inOrder(call("findByEmailStartingWith", prefix), m.where("email", u -> u.email() != null && u.email().startsWith(prefix)),
            repo.findByEmailStartingWith(prefix));
      });
      query("findByTeam", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        v.inOrder(call("findByTeam", team), m.where("team", u -> team.equals(u.team())), repo.findByTeam(team));
      });
      query("findByTeamAndLevelGreaterThan", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        int level = r.nextInt(7) - 3;
        v.inOrder(call("findByTeamAndLevelGreaterThan", team, level),
            m.where("team", u -> team.equals(u.team()) && u.level() != null && u.level() > level),
            repo.findByTeamAndLevelGreaterThan(team, level));
      });
      query("findByTeamAndLevelBetween(PageRequest)", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        int from = r.nextInt(7) - 3;
        int to = from + r.nextInt(4);
        List<User> expected = m.where("team", u -> team.equals(u.team()) && u.level() != null && u.level() >= from && u.level() <= to);
        String call = call("findByTeamAndLevelBetween", team, from, to, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByTeamAndLevelBetween(team, from, to, p)));
      });
      query("findTop2ByTeamOrderByLevelDesc", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        v.sorted(call("findTop2ByTeamOrderByLevelDesc", team), m.where(u -> team.equals(u.team())),
            Comparator.comparing(User::level, Comparator.nullsLast(Comparator.<Integer>reverseOrder())), 2,
            repo.findTop2ByTeamOrderByLevelDesc(team));
      });
      query("findByUserId", (repo, r, m, v) -> {
        String id = pick(r, USERS);
        v.inOrder(call("findByUserId", id), m.where(u -> u.userId().equals(id)), repo.findByUserId(id).stream().toList());
      });
      query("findOneByEmail", (repo, r, m, v) -> {
        String email = pick(r, EMAILS);
        v.sameEntity(call("findOneByEmail", email), m.where(u -> email.equals(u.email())).stream().findFirst().orElse(null),
            repo.findOneByEmail(email));
      });
      query("readByTeam", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        List<User> found = new java.util.ArrayList<>();
        repo.readByTeam(team).forEach(found::add);
        v.inOrder(call("readByTeam", team), m.where("team", u -> team.equals(u.team())), found);
      });
      query("queryByTeamAndLevel", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        int level = r.nextInt(7) - 3;
        v.inOrder(call("queryByTeamAndLevel", team, level),
            m.where("team", u -> team.equals(u.team()) && u.level() != null && u.level() == level),
            List.copyOf(repo.queryByTeamAndLevel(team, level)));
      });
      query("countByTeam", (repo, r, m, v) -> {
        String team = pick(r, TEAMS);
        v.same(call("countByTeam", team), m.where(u -> team.equals(u.team())).size(), repo.countByTeam(team));
      });
      deletion("removeByTeamAndLevel", (repo, r) -> {
        String team = pick(r, TEAMS);
        int level = r.nextInt(7) - 3;
        return deleting(call("removeByTeamAndLevel", team, level),
            u -> team.equals(u.team()) && u.level() != null && u.level() == level,
            x -> repo.removeByTeamAndLevel(team, level));
      });
      deletion("deleteByEmail", (repo, r) -> {
        String email = pick(r, EMAILS);
        return deleting(call("deleteByEmail", email), u -> email.equals(u.email()), x -> repo.deleteByEmail(email));
      });
      deletion("deleteByTeamAndLevelLessThan", (repo, r) -> {
        String team = pick(r, TEAMS);
        int level = r.nextInt(7) - 3;
        return deleting(call("deleteByTeamAndLevelLessThan", team, level),
            u -> team.equals(u.team()) && u.level() != null && u.level() < level,
            x -> repo.deleteByTeamAndLevelLessThan(team, level));
      });
    }

    @Override
    User invalid(Random r, User keyOf) {
      // A unique view key over HBase's 32,767-byte row key limit.
      return new User(keyOf == null ? pick(r, USERS) : keyOf.userId(), "e".repeat(40_000), null, null, null);
    }

    @Override
    Class<Users> repository() {
      return Users.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    User create(Random r, User keyOf) {
      return new User(keyOf == null ? pick(r, USERS) : keyOf.userId(), orNull(r, 6, pick(r, EMAILS)),
          orNull(r, 5, pick(r, TEAMS)), orNull(r, 5, r.nextInt(7) - 3), orNull(r, 3, "n" + r.nextInt(3)));
    }
  }
}
