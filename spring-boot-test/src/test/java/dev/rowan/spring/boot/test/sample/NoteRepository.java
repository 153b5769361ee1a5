package dev.rowan.spring.boot.test.sample;

import dev.rowan.core.HBaseRepository;
import java.util.List;

/** The notes, found by the test slice's repositories auto-configuration. */
public interface NoteRepository extends HBaseRepository<Note> {

  /** The notes on a topic, through the topic view. */
  List<Note> findByTopic(String topic);
}
