package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.Versioned;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A bulk load of an entity that keeps history (docs/queries.md, "Versions") is one more version
 * of each entity it writes: above the versions saved before it, beneath those saved after, and
 * deleting no cell of them.
 */
@HBaseTest
class HistoryBulkLoadIT {

  @Table(name = "notes")
  @Family(name = "n", maxVersions = 4)
  record Note(@RowKey String id, @Column String title, @Column String body) {}

  interface Notes extends HBaseRepository<Note> {
    List<Versioned<Note>> findVersionsById(String id);
  }

  @Test
  void aLoadIsAVersionBetweenTheSavesAroundIt(Rowan rowan) {
    long seed = System.nanoTime();
    System.out.println("HistoryBulkLoadIT seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Note.class);
    Notes notes = rowan.repository(Notes.class);
    List<Note> before = new ArrayList<>();
    List<Note> loaded = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      before.add(new Note("n" + i, "saved " + i, random.nextBoolean() ? null : "body " + i));
      loaded.add(new Note("n" + i, random.nextBoolean() ? null : "loaded " + i, random.nextBoolean() ? null : "b" + i));
    }
    notes.saveAll(before.subList(0, 30)); // n30..n39 are new to the load
    java.nio.file.Path dir = LoadFixtures.directory("history-notes");
    Path input = LoadFixtures.csv(dir.resolve("notes.csv"), Note.class, loaded);
    BulkLoadResult result = BulkLoad.of(Note.class).input(input).namespace(rowan.namespace())
        .run(LoadFixtures.jobConf(rowan.connection(), dir));
    assertEquals(40, result.entities(), result.summary());
    Note after = new Note("n0", null, "saved after the load");
    notes.save(after);

    for (int i = 0; i < 40; i++) {
      String id = "n" + i;
      List<Optional<Note>> expected = new ArrayList<>();
      if (i == 0) {
        expected.add(Optional.of(after));
      }
      expected.add(Optional.of(loaded.get(i)));
      if (i < 30) {
        expected.add(Optional.of(before.get(i)));
      }
      assertEquals(expected, notes.findVersionsById(id).stream().map(Versioned::entityIfLive).toList(),
          "seed " + seed + ", " + id);
      assertEquals(Optional.of(i == 0 ? after : loaded.get(i)), notes.findByKey(id), "seed " + seed + ", " + id);
    }
  }
}
