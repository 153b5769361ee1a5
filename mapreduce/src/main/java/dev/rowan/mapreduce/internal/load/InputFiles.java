package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoadException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.jspecify.annotations.Nullable;

/**
 * Checks the input before the job: every path exists, and every CSV or TSV file starts with a
 * header that names properties (read here, so that a typo fails the load at once rather than in
 * every task).
 */
final class InputFiles {

  private InputFiles() {}

  /**
   * The files the job will read: the given files, and the visible files in the given directories.
   *
   * @throws BulkLoadException naming the path when one does not exist, or when there is no input at
   *     all, or naming the file and column when a header is wrong
   */
  static List<Path> check(
      Configuration conf, String entity, List<Path> inputs, RecordFormat format, TextValues values)
      throws IOException {
    if (inputs.isEmpty()) {
      throw BulkLoadException.unsupported(entity, "no input path was given");
    }
    List<Path> files = new ArrayList<>();
    for (Path input : inputs) {
      FileSystem fs = input.getFileSystem(conf);
      if (!fs.exists(input)) {
        throw BulkLoadException.missingInput(entity, fs.makeQualified(input).toString());
      }
      FileStatus status = fs.getFileStatus(input);
      if (status.isDirectory()) {
        for (FileStatus child : fs.listStatus(input)) {
          String name = child.getPath().getName();
          if (child.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
            files.add(child.getPath());
          }
        }
      } else {
        files.add(status.getPath());
      }
    }
    if (files.isEmpty()) {
      throw BulkLoadException.badInput(
          entity, inputs.toString(), "the input directories hold no files");
    }
    if (format != RecordFormat.JSON_LINES) {
      boolean ignoreUnknown = conf.getBoolean(BulkLoadSettings.IGNORE_UNKNOWN, false);
      for (Path file : files) {
        String header = firstLine(conf, file);
        if (header == null) {
          throw BulkLoadException.badInput(
              entity, file.toString(), "the file is empty; a header row is needed");
        }
        CsvRecords.fromHeader(
            values, CsvRecords.format(format.delimiter()), header, file.toString(), ignoreUnknown);
      }
    }
    return files;
  }

  /** The first non-blank line of {@code file}, decompressed as the job would, or null. */
  private static @Nullable String firstLine(Configuration conf, Path file) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
    try (InputStream raw = fs.open(file);
        InputStream in = codec == null ? raw : codec.createInputStream(raw);
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (!line.isBlank()) {
          return line;
        }
      }
      return null;
    }
  }
}
