package dev.rowan.mapreduce;

import dev.rowan.core.HBaseRepository;

/** Readings, by key only. */
interface ReadingRepository extends HBaseRepository<Reading> {}
