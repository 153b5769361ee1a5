/**
 * Internal: an entity kept in one set of tables per period ({@code @TablePerPeriod}). {@link
 * dev.rowan.core.internal.period.PeriodStorage} is its {@code EntityStorage}: {@code PeriodStores}
 * builds each period's {@code EntityStore} on first use and lists the periods that exist; {@code
 * PeriodCrud} routes each entity or key to its period's store; {@code PeriodQueryMethod} and {@code
 * PeriodAdHocQuery} run a query on each period that its arguments can match, one after another
 * ({@code PeriodStreams}); {@code PeriodViews} reads each period's view in turn. The top of core's
 * internal packages: it sits on {@code repository} and below. Not part of Rowan's API, and may
 * change in any release.
 */
@NullMarked
package dev.rowan.core.internal.period;

import org.jspecify.annotations.NullMarked;
