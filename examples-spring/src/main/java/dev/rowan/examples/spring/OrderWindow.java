package dev.rowan.examples.spring;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One window of orders as the service returns it: the orders, and the position to pass as {@code
 * after} for the next window (null after the last one).
 *
 * @param orders the orders of this window
 * @param next where the next window starts, or null when there is none
 */
public record OrderWindow(List<Order> orders, @Nullable String next) {}
