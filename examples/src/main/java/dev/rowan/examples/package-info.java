/**
 * The Orders demo ({@link dev.rowan.examples.OrdersDemo}): its entities and repository, the bulk
 * load of generated orders and the queries it runs, against an embedded HBase or a cluster.
 */
@NullMarked
package dev.rowan.examples;

import org.jspecify.annotations.NullMarked;
