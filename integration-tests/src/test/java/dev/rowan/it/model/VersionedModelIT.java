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
      @Version long version) {}

  interface Accounts extends HBaseRepository<Account> {
    List<Account> findByIdStartingWith(String prefix);

    long deleteByIdStartingWith(String prefix);
  }

  @Override
  Shape<?, ?> shape() {
    return new AccountsShape();
  }

  static final class AccountsShape extends Shape<Account, Accounts> {

    AccountsShape() {
      super(Account.class);
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
    Class<Accounts> repository() {
      return Accounts.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Account create(Random r, Account k) {
      return new Account(k == null ? pick(r, "a1", "a2", "a10", "b1") : k.id(), orNull(r, 3, (long) r.nextInt(100)),
          orNull(r, 3, pick(r, "x", "y")), 0);
    }
  }
}
