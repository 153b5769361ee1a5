package dev.rowan.it.model;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;

/**
 * {@link VersionedModelIT}'s scenario on an entity without views that keeps history (its two
 * families keep 2 versions each): written by the view protocol although it has no view, and
 * deleting no cell, so that reads of the latest state skip the cells of earlier versions.
 */
class HistoryPlainModelIT extends ModelScenario {

  @Table(name = "accounts")
  @Family(name = "m", maxVersions = 2)
  @Family(name = "o", maxVersions = 2)
  record HistAccount(
      @RowKey String id,
      @Column(family = "m", name = "b") Long balance,
      @Column(family = "o", name = "o") String owner,
      @Column(family = "m", name = "v") @Version long version) implements VersionedModelIT.AccountFields {}

  interface HistAccounts extends VersionedModelIT.AccountsOf<HistAccount> {}

  @Override
  Shape<?, ?> shape() {
    return new VersionedModelIT.AccountsShapeOf<>(HistAccount.class, HistAccounts.class, HistAccount::new);
  }
}
