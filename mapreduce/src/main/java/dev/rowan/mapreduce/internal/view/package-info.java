/**
 * Internal: the view jobs behind {@code VerifyViews} and {@code RebuildViews}. {@link
 * dev.rowan.mapreduce.internal.view.ViewJobs} runs them over the tables of {@code ViewJobTables},
 * set up by {@code ViewJobSetup} from {@code ViewJobSettings}; {@code VerifyViewsMapper} checks a
 * batch of rows ({@code ViewBatch}, {@code ViewVerdict}) and repairs them ({@code ViewRowRepairs}),
 * {@code RebuildViewsMapper} rewrites views through HFiles, and {@code ViewCounters} and {@code
 * ViewSamples} make the reports. It sits on {@code hfile} and {@code job}, and never refers to
 * {@code load}. Not part of Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.mapreduce.internal.view;

import org.jspecify.annotations.NullMarked;
