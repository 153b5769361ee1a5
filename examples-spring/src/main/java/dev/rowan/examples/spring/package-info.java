/** A small web service over the shop's orders, built with Rowan's Spring Boot starter. */
@NullMarked
package dev.rowan.examples.spring;

import org.jspecify.annotations.NullMarked;
