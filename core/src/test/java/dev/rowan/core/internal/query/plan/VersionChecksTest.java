package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.MethodProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.TimeRange;
import dev.rowan.core.Versioned;
import dev.rowan.core.internal.query.check.ResultKind;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Methods that read versions or take a time range, compiled when the repository is created: what is served, what is refused. */
class VersionChecksTest {

  @Table(name = "notes")
  @Family(name = "n", maxVersions = 3)
  @Index(name = "author", key = "author")
  record Note(@RowKey(order = 0) String shelf, @RowKey(order = 1) int id, @Column String author) {}

  @Table(name = "drafts")
  record Draft(@RowKey String id, @Column String author) {}

  interface Notes extends HBaseRepository<Note> {
    List<Versioned<Note>> findVersionsByShelfAndId(String shelf, int id, Limit max);

    List<Versioned<Note>> findVersionsByShelf(String shelf);

    List<Versioned<Note>> findVersionsByShelfAndIdIn(String shelf, List<Integer> ids);

    Set<Versioned<Note>> readVersionsByShelfAndId(String shelf, int id);

    List<Versioned<Note>> findVersionsByShelfAndIdAndAuthor(String shelf, int id, String author);

    List<Versioned<Note>> findVersionsByShelfAndId(String shelf, int id, TimeRange written);

    List<Note> findByAuthor(String author, TimeRange written);

    List<Note> findByAuthor(String author);
  }

  @Table(name = "listings")
  @Index(name = "seller", key = "sellerId")
  record Listing(@RowKey String id, @Column String sellerId) {}

  interface Listings extends HBaseRepository<Listing> {
    List<Listing> getBySellerId(String sellerId, TimeRange written);
  }

  interface Drafts extends HBaseRepository<Draft> {
    List<Versioned<Draft>> findVersionsById(String id);

    List<Draft> findById(String id, TimeRange written);
  }

  private static final EntityModel<Note> NOTES = EntityModel.of(Note.class);

  private static CompiledQuery compile(Class<?> repository, EntityModel<?> model, String name, List<String> problems,
      Class<?>... parameters) throws NoSuchMethodException {
    Method method = repository.getMethod(name, parameters);
    MethodProblems refusals = MethodProblems.of(repository, method);
    CompiledQuery query = QueryCompiler.compile(repository, method, model, ViewMaintainer.of(model).views(), refusals);
    problems.addAll(refusals.sentences());
    return query;
  }

  @Test
  void aVersionsMethodNamingOneEntityByItsWholeKeyIsAGetOfTheMainTable() throws Exception {
    List<String> problems = new ArrayList<>();
    CompiledQuery query = compile(Notes.class, NOTES, "findVersionsByShelfAndId", problems, String.class, int.class,
        Limit.class);
    assertEquals(List.of(), problems);
    assertEquals(ResultKind.VERSIONS, query.result());
    assertEquals(AccessPlan.Operation.GET, query.plan().groups().get(0).access());
    assertNull(query.plan().groups().get(0).view());
  }

  @Test
  void aVersionsMethodThatNamesMoreOrLessThanOneEntityIsRefusedNamingTheKey() throws Exception {
    String oneEntity = "reads the versions of one entity: its conditions must be equalities on every part of Note's"
        + " row key (shelf, id) and nothing else";
    for (String name : List.of("findVersionsByShelf", "findVersionsByShelfAndIdIn", "findVersionsByShelfAndIdAndAuthor")) {
      List<String> problems = new ArrayList<>();
      Method method = Arrays.stream(Notes.class.getMethods()).filter(m -> m.getName().equals(name)).findFirst()
          .orElseThrow();
      MethodProblems refusals = MethodProblems.of(Notes.class, method);
      QueryCompiler.compile(Notes.class, method, NOTES, ViewMaintainer.of(NOTES).views(), refusals);
      problems.addAll(refusals.sentences());
      assertEquals(List.of("Notes." + name + " " + oneEntity), problems, name);
    }
  }

  @Test
  void versionsAreReturnedAsAListAndTakeNoTimeRange() throws Exception {
    List<String> problems = new ArrayList<>();
    compile(Notes.class, NOTES, "readVersionsByShelfAndId", problems, String.class, int.class);
    compile(Notes.class, NOTES, "findVersionsByShelfAndId", problems, String.class, int.class, TimeRange.class);
    assertEquals(List.of(
        "Notes.readVersionsByShelfAndId: returns java.util.Set<dev.rowan.core.Versioned<dev.rowan.core.internal.query.plan"
            + ".VersionChecksTest$Note>>; the versions of an entity are returned as List<Versioned<Note>>",
        "Notes.findVersionsByShelfAndId: a versions method takes no TimeRange; it reads every version its families"
            + " keep"), problems.stream().filter(p -> !p.contains("row key")).toList());
  }

  @Test
  void aTimeRangeIsReadOnTheMainTableOnlyWhichTheViewsConditionThenScans() throws Exception {
    List<String> problems = new ArrayList<>();
    CompiledQuery latest = compile(Notes.class, NOTES, "findByAuthor", problems, String.class);
    assertEquals("author", latest.plan().groups().get(0).view().name());
    compile(Notes.class, NOTES, "findByAuthor", problems, String.class, TimeRange.class);
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("Notes.findByAuthor would read the whole table notes: no condition binds its leading key part shelf."
        + " A TimeRange is read from the main table alone (views hold the latest state only): bind the leading part"
        + " of Note's row key. Or annotate the method with @AllowScan to accept the full scan.", problems.get(0));
  }

  @Test
  void anEntityThatKeepsOneVersionHasNoVersionsAndNoTimeRanges() throws Exception {
    EntityModel<Draft> drafts = EntityModel.of(Draft.class);
    List<String> problems = new ArrayList<>();
    compile(Drafts.class, drafts, "findVersionsById", problems, String.class);
    compile(Drafts.class, drafts, "findById", problems, String.class, TimeRange.class);
    String refusal = "Draft's family d keeps 1 version: to read versions, give every family of drafts"
        + " @Family(maxVersions = n) with n > 1, the most versions read";
    assertEquals(List.of("Drafts.findVersionsById reads versions, but " + refusal,
        "Drafts.findById takes a TimeRange, but Draft keeps no history, so a time range cannot apply to it ("
            + refusal + ")"), problems);
  }

  @Test
  void aTimeRangeOnAnEntityWithoutHistoryIsRefusedForThatReasonAloneNotAsAFullScan() throws Exception {
    EntityModel<Listing> listings = EntityModel.of(Listing.class);
    List<String> problems = new ArrayList<>();
    compile(Listings.class, listings, "getBySellerId", problems, String.class, TimeRange.class);
    assertEquals(List.of("Listings.getBySellerId takes a TimeRange, but Listing keeps no history, so a time range"
        + " cannot apply to it (Listing's family d keeps 1 version: to read versions, give every family of listings"
        + " @Family(maxVersions = n) with n > 1, the most versions read)"), problems);
  }
}
