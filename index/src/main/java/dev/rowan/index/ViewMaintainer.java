package dev.rowan.index;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewRowChange.Kind;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.ViewDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.jspecify.annotations.Nullable;

/**
 * Decides what a write does to the views of an entity: a pure function of the entity's state before
 * and after the write and of the write's status (timestamp and nonce). See docs/view-consistency.md
 * for the protocol these mutations take part in.
 *
 * <ul>
 *   <li>A view row whose key and carried values do not change is left alone, unless the entity
 *       expires ({@link EntityModel#expires}): then every row of the new state is written again at
 *       the write's timestamp, so that it expires with the main row, a time to live after the
 *       entity's last write (docs/row-keys.md, "Time to live").
 *   <li>A view row of the new state is written unverified in phase one (on a view that is not
 *       unique, its status alone: {@link ViewModel#pendingPut}), and written whole and verified in
 *       phase three, within the write's settle window ({@link SettleWindow}). Older cells under its
 *       key need no delete: the write's cells are newer, and the null columns its status cell names
 *       hide older cells of columns it leaves null.
 *   <li>A view row of the old state that does not survive is marked unverified in phase one (so
 *       that no reader trusts it once the main row changes) and retired in phase three ({@link
 *       RetiredRows}): its cells deleted up to this write's timestamp, and a retired cell written
 *       there that HBase drops a while later. On a unique view it is deleted.
 *   <li>A unique view's row is shared by every entity that ever takes its key, with timestamps that
 *       say nothing of each other's order: there phase three is conditional on the status still
 *       being this write's (a check-and-mutate), and phase one marks a retired row only while its
 *       owner cell still names this entity. The rows of other views belong to one entity each,
 *       whose writes' timestamps rise: there phase three is a plain put or retirement
 *       (docs/view-consistency.md, step 4).
 * </ul>
 *
 * <p>Thread-safety: immutable and thread-safe.
 *
 * @since 0.1
 */
public final class ViewMaintainer {

  /**
   * The durability of phase three. A settle that a region server loses before its WAL syncs leaves
   * the row as phase one wrote it, unverified, which readers check against the main row and repair;
   * so settles need not wait for a WAL sync, which is most of their cost.
   */
  static final Durability SETTLE_DURABILITY = Durability.ASYNC_WAL;

  private static final LoadingCache<EntityModel<?>, ViewMaintainer> MAINTAINERS =
      Caffeine.newBuilder().weakKeys().build(ViewMaintainer::new);

  private final EntityModel<?> entity;
  private final List<ViewModel> views;

  private ViewMaintainer(EntityModel<?> entity, List<ViewModel> views) {
    this.entity = entity;
    this.views = List.copyOf(views);
  }

  private ViewMaintainer(EntityModel<?> entity) {
    if (entity.isWide() && !entity.views().isEmpty()) {
      throw new IllegalArgumentException(
          entity.entityName()
              + " is stored wide and declares views;"
              + " views of wide entities are not supported");
    }
    this.entity = entity;
    List<ViewModel> built = new ArrayList<>();
    for (ViewDefinition view : entity.views()) {
      built.add(new ViewModel(entity, view));
    }
    this.views = List.copyOf(built);
  }

  /**
   * Whether {@code entity} is written by the view consistency protocol, so that its main rows carry
   * the protocol's cells (a status, and a sync mark) that readers must read: when it declares
   * views, and when it keeps history ({@link EntityModel#keepsHistory}), whose versions are its
   * writes' statuses. The one home of that rule.
   */
  public static boolean usesProtocol(EntityModel<?> entity) {
    return !entity.views().isEmpty() || entity.keepsHistory();
  }

  /** The maintainer of {@code entity}'s views, built once per entity. */
  public static ViewMaintainer of(EntityModel<?> entity) {
    return MAINTAINERS.get(entity);
  }

  /**
   * A maintainer of this one's views but those named {@code names} (ignoring case): the views a
   * writer writes once some are dropped.
   */
  public ViewMaintainer without(Set<String> names) {
    List<ViewModel> kept =
        views.stream().filter(view -> !ViewNames.contains(names, view.name())).toList();
    return kept.size() == views.size() ? this : new ViewMaintainer(entity, kept);
  }

  /** The entity whose views this maintains. */
  EntityModel<?> entity() {
    return entity;
  }

  /** The views, in declaration order. */
  public List<ViewModel> views() {
    return views;
  }

  /** The view called {@code name}, ignoring case. */
  public Optional<ViewModel> view(String name) {
    return ViewNames.find(views, name);
  }

  /**
   * What a write does to every view: a row whose key and carried values do not change is left
   * alone, unless the entity expires ({@link EntityModel#expires}), whose every row of the new
   * state each write renews.
   *
   * @param before the entity's values before the write, or null when it did not exist
   * @param after the entity's values after the write, or null for a delete
   * @param mainRowKey the entity's main row key
   * @param write the write's status on the main row ({@link State#LIVE} or {@link State#DELETED})
   * @param previousWrite the timestamp of the main row's status before the write ({@link
   *     WritePlan#NO_WRITE}: none)
   */
  public WritePlan plan(
      @Nullable Object @Nullable [] before,
      @Nullable Object @Nullable [] after,
      byte[] mainRowKey,
      RowStatus write,
      long previousWrite) {
    return plan(before, after, mainRowKey, write, previousWrite, false);
  }

  /**
   * What a save does to every view after an attempt that guessed the entity new wrote every view
   * row of {@code after} unverified ({@link WriteDecision#ofGuess}) and found it was not: {@link
   * #plan}, except that a row whose key and carried values do not change is written and settled
   * too, since the guess left it unverified.
   */
  WritePlan planAfterGuess(
      @Nullable Object @Nullable [] before,
      @Nullable Object @Nullable [] after,
      byte[] mainRowKey,
      RowStatus write,
      long previousWrite) {
    return plan(before, after, mainRowKey, write, previousWrite, true);
  }

  private WritePlan plan(
      @Nullable Object @Nullable [] before,
      @Nullable Object @Nullable [] after,
      byte[] mainRowKey,
      RowStatus write,
      long previousWrite,
      boolean rewriteUnchanged) {
    RowStatus unverified = write.with(State.UNVERIFIED);
    boolean rewriteEvery = rewriteUnchanged || entity.expires();
    List<ViewRowChange> changes = new ArrayList<>();
    for (ViewModel view : views) {
      byte[] oldKey = before == null ? null : view.rowKey(before);
      byte[] newKey = after == null ? null : view.rowKey(after);
      boolean sameKey = oldKey != null && Arrays.equals(oldKey, newKey);
      if (sameKey
          && !rewriteEvery
          && view.sameContent(
              Objects.requireNonNull(before, "an old key comes from values"),
              Objects.requireNonNull(after, "a new key comes from values"))) {
        continue;
      }
      if (newKey != null) {
        @Nullable Object[] written = Objects.requireNonNull(after, "a new key comes from values");
        Put put =
            view.isUnique()
                ? view.put(newKey, written, unverified, mainRowKey)
                : view.pendingPut(newKey, written, unverified);
        RowStatus verified = write.with(State.VERIFIED);
        Row settle;
        if (view.isUnique()) {
          Put verify =
              new Put(newKey, write.timestamp())
                  .addColumn(
                      view.statusFamily(),
                      ProtocolCells.VIEW_STATUS,
                      write.timestamp(),
                      view.statusValue(verified, written));
          settle =
              ifStatus(view, newKey, view.statusValue(unverified, written)).build(settled(verify));
        } else {
          settle = settled(view.settlePut(newKey, written, verified, mainRowKey));
        }
        changes.add(new ViewRowChange(view, newKey, Kind.WRITE, put, settle, put));
      }
      if (oldKey != null && !sameKey) {
        byte[] expected =
            view.statusValue(
                unverified, Objects.requireNonNull(before, "an old key comes from values"));
        Put unverify =
            new Put(oldKey, write.timestamp())
                .addColumn(
                    view.statusFamily(), ProtocolCells.VIEW_STATUS, write.timestamp(), expected);
        Row phaseOne =
            !view.isUnique()
                ? unverify
                : CheckAndMutate.newBuilder(oldKey)
                    .ifEquals(view.statusFamily(), ProtocolCells.OWNER, mainRowKey)
                    .build(unverify);
        Row settle =
            view.isUnique()
                ? ifStatus(view, oldKey, expected)
                    .build(settled(new Delete(oldKey, write.timestamp())))
                : RetiredRows.retire(view, oldKey, write, SETTLE_DURABILITY);
        changes.add(new ViewRowChange(view, oldKey, Kind.RETIRE, unverify, settle, phaseOne));
      }
    }
    return new WritePlan(write, previousWrite, changes);
  }

  /**
   * What a write whose view rows are verified at once does to every view: the plan of a bulk load,
   * whose main rows and view rows become visible together. Each view row of {@code after} is
   * written whole and {@code VERIFIED} (also where it does not change), and each view row of {@code
   * before} whose key changes gets a family delete marker, in every family of its view, one
   * millisecond below the write: it masks every cell of the old row (all older than the main row's
   * last write) and none of the new. A change's {@link ViewRowChange#phaseOne()} is its whole
   * write; it has no {@code unverify} and no {@code settle}.
   *
   * @param before the entity's values before the write, or null when it did not exist
   * @param after the entity's values after the write
   * @param mainRowKey the entity's main row key
   * @param write the write's status on the main row ({@link State#LIVE})
   * @throws dev.rowan.mapping.InvalidValueException when a view key of {@code after} cannot be
   *     encoded, or lacks a key part after one that has a value
   */
  WritePlan planVerified(
      @Nullable Object @Nullable [] before,
      @Nullable Object[] after,
      byte[] mainRowKey,
      RowStatus write) {
    long timestamp = write.timestamp();
    List<byte[]> newKeys = new ArrayList<>(views.size());
    for (ViewModel view : views) {
      view.requireCompleteKey(after);
      newKeys.add(view.rowKey(after)); // every key is encoded before anything is decided
    }
    RowStatus verified = write.with(State.VERIFIED);
    List<ViewRowChange> changes = new ArrayList<>();
    for (int i = 0; i < views.size(); i++) {
      ViewModel view = views.get(i);
      byte[] newKey = newKeys.get(i);
      if (newKey != null) {
        Put put = view.put(newKey, after, verified, mainRowKey);
        changes.add(new ViewRowChange(view, newKey, Kind.WRITE, null, null, put));
      }
      byte[] oldKey = before == null ? null : view.rowKey(before);
      if (oldKey != null && !Arrays.equals(oldKey, newKey)) {
        Delete markers = new Delete(oldKey);
        for (FamilyModel family : view.families()) {
          markers.addFamily(family.nameBytes(), timestamp - 1);
        }
        changes.add(new ViewRowChange(view, oldKey, Kind.RETIRE, null, null, markers));
      }
    }
    return new WritePlan(write, WritePlan.NO_WRITE, changes);
  }

  private static <M extends Mutation> M settled(M mutation) {
    mutation.setDurability(SETTLE_DURABILITY);
    return mutation;
  }

  private static CheckAndMutate.Builder ifStatus(ViewModel view, byte[] key, byte[] status) {
    return CheckAndMutate.newBuilder(key)
        .ifEquals(view.statusFamily(), ProtocolCells.VIEW_STATUS, status);
  }
}
