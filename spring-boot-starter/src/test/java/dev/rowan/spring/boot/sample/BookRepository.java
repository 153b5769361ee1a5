package dev.rowan.spring.boot.sample;

import dev.rowan.core.HBaseRepository;
import java.util.List;

/** The sample application's repository, found by auto-configuration. */
public interface BookRepository extends HBaseRepository<Book> {

  /** The books of an author, through the author view. */
  List<Book> findByAuthor(String author);
}
