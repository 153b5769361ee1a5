package dev.rowan.mapreduce;

import dev.rowan.core.HBaseRepository;
import java.time.Instant;
import java.util.List;

interface VisitRepository extends HBaseRepository<Visit> {

  List<Visit> findByPageAndAtBetween(String page, Instant from, Instant to);

  List<Visit> findByReferrerAndAtBetween(String referrer, Instant from, Instant to);

  List<Visit> findByVisitorAndAtBetween(String visitor, Instant from, Instant to);
}
