package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import java.util.Random;

/**
 * {@code @Version} without views (checked by the plain writer, not the view protocol): a tall
 * entity with a primitive {@code long} version ({@link VersionedWideModelIT} has a wide one).
 */
class VersionedModelIT extends ModelScenario {

  @Table(name = "accounts")
  record Account(
      @RowKey String id,
      @Column(name = "b") Long balance,
      @Column(name = "o") String owner,
      @Version long version) implements AccountFields {}

  /** What the scenario reads of an account, whatever its class. */
  interface AccountFields {
    String id();
  }

  interface AccountsOf<E> extends HBaseRepository<E> {
    boolean updateOwnerById(String owner, String id);

    long addToBalanceById(long delta, String id);

    List<E> findByIdStartingWith(String prefix);

    long deleteByIdStartingWith(String prefix);
  }

  interface Accounts extends AccountsOf<Account> {}

  /** Makes an account of some class from its id, balance and owner, at version 0. */
  interface AccountMaker<E> {
    E make(String id, Long balance, String owner, long version);
  }

  @Override
  Shape<?, ?> shape() {
    return new AccountsShapeOf<>(Account.class, Accounts.class, Account::new);
  }

  /** The scenario of an account entity of class {@code E} and repository {@code R}, without views. */
  static final class AccountsShapeOf<E extends AccountFields, R extends AccountsOf<E>> extends Shape<E, R> {

    private final Class<R> repository;
    private final AccountMaker<E> maker;

    AccountsShapeOf(Class<E> type, Class<R> repository, AccountMaker<E> maker) {
      super(type);
      this.repository = repository;
      this.maker = maker;
      query("findByIdStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, "a", "a1", "");
        v.inOrder(call("findByIdStartingWith", prefix), m.where(a -> a.id().startsWith(prefix)), repo.findByIdStartingWith(prefix));
      });
      deletion("deleteByIdStartingWith", (repo, r) -> {
        String prefix = pick(r, "a1", "b");
        return deleting(call("deleteByIdStartingWith", prefix), a -> a.id().startsWith(prefix),
            x -> repo.deleteByIdStartingWith(prefix));
      });
    }

    @Override
    Class<R> repository() {
      return repository;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    E create(Random r, E k) {
      return maker.make(k == null ? pick(r, "a1", "a2", "a10", "b1") : k.id(), orNull(r, 3, (long) r.nextInt(100)),
          orNull(r, 3, pick(r, "x", "y")), 0);
    }
  }
}
