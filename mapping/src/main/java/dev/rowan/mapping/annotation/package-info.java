/**
 * API: the annotations that map an entity class: {@code @Table} (with {@code @Salt}),
 * {@code @Family}, {@code @RowKey} and {@code @ColumnKey} for the parts of the key,
 * {@code @Column}, {@code @Index} for views, the key transforms {@code @Descending},
 * {@code @Reversed}, {@code @FixedLength}, {@code @HashPrefix} and {@code @Cyclic}, and
 * {@code @Version}, {@code @CellTimestamp} and {@code @Transient}. See docs/row-keys.md.
 */
@NullMarked
package dev.rowan.mapping.annotation;

import org.jspecify.annotations.NullMarked;
