package dev.rowan.spring.boot.test.sample;

import org.springframework.stereotype.Service;

/** A component the slice leaves out unless a test includes it. */
@Service
public class NoteService {

  private final NoteRepository notes;

  NoteService(NoteRepository notes) {
    this.notes = notes;
  }

  /** How many notes there are on a topic. */
  public int count(String topic) {
    return notes.findByTopic(topic).size();
  }
}
