package dev.rowan.spring.boot.sample;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;

/** A book of the sample application: one table and one view, by author. */
@Table(name = "books")
@Family(name = "d")
@Index(name = "author", key = {"author"})
public record Book(@RowKey String isbn, @Column(name = "a") String author, @Column(name = "t") String title) {}
