package dev.rowan.spring.boot.test.sample;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;

/** A note of the sample application: a table and a view by topic. */
@Table(name = "notes")
@Family(name = "d")
@Index(name = "topic", key = {"topic"})
public record Note(@RowKey String id, @Column(name = "t") String topic, @Column(name = "x") String text) {}
