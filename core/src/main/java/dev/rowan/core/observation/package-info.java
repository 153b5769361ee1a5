/**
 * API: what Rowan reports to Micrometer. Every call of a repository is an observation named {@code
 * rowan.repository} whose context is a {@link dev.rowan.core.observation.RepositoryCallContext}
 * (what the call read, returned and cost), and every bulk load or view job one named {@code
 * rowan.job} with a {@link dev.rowan.core.observation.RowanJobContext} (the job's counters). {@link
 * dev.rowan.core.observation.RowanMeterObservationHandler} records their numbers as meters; it
 * needs {@code io.micrometer:micrometer-core}, which core does not bring. See
 * docs/observability.md.
 */
@NullMarked
package dev.rowan.core.observation;

import org.jspecify.annotations.NullMarked;
