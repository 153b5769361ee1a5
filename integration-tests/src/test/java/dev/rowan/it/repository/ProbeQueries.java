package dev.rowan.it.repository;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.util.List;

/** Reads probes by key and through their view. */
interface ProbeQueries extends HBaseRepository<Probe> {
  List<Probe> findByTag(String tag);

  Page<Probe> findByTagAndNGreaterThan(String tag, long n, PageRequest page);
}
