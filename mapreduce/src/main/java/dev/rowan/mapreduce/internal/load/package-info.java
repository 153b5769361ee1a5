/**
 * Internal: the bulk load behind {@code BulkLoad}. {@link
 * dev.rowan.mapreduce.internal.load.LoadDriver} checks the input and the tables ({@code
 * InputFiles}, {@code LoadTables}), sets up the job ({@code JobSetup}, {@code BulkLoadSettings})
 * and loads its HFiles; {@code BulkLoadMapper} reads each input file whole ({@code
 * WholeFileTextInputFormat}), parses its records ({@code CsvRecords}, {@code JsonRecords}, {@code
 * TextValues}) and logs the lines it rejects ({@code RejectLog}, {@code RejectThreshold}). It sits
 * on {@code hfile} and {@code job}, and never refers to {@code view}. Not part of Rowan's API, and
 * may change in any release.
 */
@NullMarked
package dev.rowan.mapreduce.internal.load;

import org.jspecify.annotations.NullMarked;
