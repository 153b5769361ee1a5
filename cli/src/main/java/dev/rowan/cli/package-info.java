/**
 * API: the {@code rowan} command line (docs/cli.md). Its interface is the command line itself,
 * whose entry point is {@link dev.rowan.cli.RowanCli}; {@link dev.rowan.cli.RegionStats}, rows and
 * bytes per region of a table, is public for programs that print region balance as the {@code
 * regions} command does. The commands, the session they share and their options are
 * package-private.
 */
@NullMarked
package dev.rowan.cli;

import org.jspecify.annotations.NullMarked;
