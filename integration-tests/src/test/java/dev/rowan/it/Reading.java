package dev.rowan.it;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;

/** A sensor reading with a large payload: many of them outweigh a small client heap. */
@Table(name = "readings", salt = @Salt(buckets = 4))
@Family(name = "r")
public record Reading(@RowKey(order = 0) String sensor, @RowKey(order = 1) long seq, @Column(name = "p") String payload) {}
