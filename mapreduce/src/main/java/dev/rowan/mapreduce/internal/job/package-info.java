/**
 * Internal: the plumbing every job of mapreduce shares, the bottom of its internal packages. {@link
 * dev.rowan.mapreduce.internal.job.ToolConfiguration} is the configuration the command-line tools
 * start from; {@code JobCredentials} and {@code PermissionProbes} are a job's credentials on a
 * Kerberized cluster and the permissions it is asked for before it starts; {@code
 * ContainerJvmOptions} gives the YARN containers' JVMs the flags HBase's client needs; {@code
 * JobProgress} prints a running job's progress, {@code JobObservation} observes a job, and {@code
 * LoadCounters} names the counters of the jobs that write HFiles. It refers to no other internal
 * package. Not part of Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.mapreduce.internal.job;

import org.jspecify.annotations.NullMarked;
