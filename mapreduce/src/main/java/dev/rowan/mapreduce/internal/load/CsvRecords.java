package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapreduce.BulkLoadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * Reads CSV or TSV lines whose header row names entity properties. One record per line (a quoted
 * field cannot hold a line break). An empty field is null; a quoted empty field ({@code ""}) is the
 * empty string.
 */
final class CsvRecords implements RecordParser {

  private final CSVFormat format;
  private final TextValues values;
  private final PropertyModel[] columns;

  private CsvRecords(CSVFormat format, TextValues values, PropertyModel[] columns) {
    this.format = format;
    this.values = values;
    this.columns = columns;
  }

  /** The CSV dialect of {@code delimiter}: RFC 4180 quoting, empty unquoted fields null. */
  static CSVFormat format(char delimiter) {
    return CSVFormat.DEFAULT
        .builder()
        .setDelimiter(delimiter)
        .setNullString("")
        .setQuoteMode(QuoteMode.ALL_NON_NULL)
        .build();
  }

  /**
   * A reader of the lines that follow {@code headerLine} in {@code source}.
   *
   * @throws BulkLoadException naming the source when the header names a column twice, names a
   *     column that is no property (unless {@code ignoreUnknown}), or lacks a row key part
   */
  static CsvRecords fromHeader(
      TextValues values,
      CSVFormat format,
      String headerLine,
      String source,
      boolean ignoreUnknown) {
    EntityModel<?> model = values.model();
    String header = headerLine.startsWith("\uFEFF") ? headerLine.substring(1) : headerLine;
    List<String> names;
    try {
      names = fields(format, header);
    } catch (RejectedLineException e) {
      throw BulkLoadException.badInput(
          model.entityName(), source, "its header row cannot be read: " + e.getMessage());
    }
    PropertyModel[] columns = new PropertyModel[names.size()];
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      String name = names.get(i) == null ? "" : names.get(i).trim();
      PropertyModel property = RecordParser.property(model, name);
      if (property == null && !ignoreUnknown) {
        problems.add(
            "column " + (i + 1) + " '" + name + "' is no property of " + model.entityName());
      }
      for (int j = 0; property != null && j < i; j++) {
        if (columns[j] == property) {
          problems.add("columns " + (j + 1) + " and " + (i + 1) + " both fill " + property.name());
        }
      }
      columns[i] = property;
    }
    for (PropertyModel part : model.rowKey().parts()) {
      if (!Arrays.asList(columns).contains(part)) {
        problems.add("the header has no column for row key part " + part.name());
      }
    }
    if (!problems.isEmpty()) {
      throw BulkLoadException.badInput(
          model.entityName(),
          source,
          String.join("; ", problems)
              + " (properties: "
              + model.properties().stream().map(PropertyModel::name).toList()
              + ")");
    }
    return new CsvRecords(format, values, columns);
  }

  @Override
  public Object[] parse(String line) throws RejectedLineException {
    List<String> fields = fields(format, line);
    if (fields.size() != columns.length) {
      throw new RejectedLineException(
          "has "
              + fields.size()
              + (fields.size() == 1 ? " field" : " fields")
              + ", the header has "
              + columns.length);
    }
    Object[] result = RecordParser.emptyValues(values.model());
    for (int i = 0; i < columns.length; i++) {
      PropertyModel property = columns[i];
      String text = fields.get(i);
      if (property != null && text != null) {
        try {
          result[property.index()] = values.parse(property, text);
        } catch (IllegalArgumentException e) {
          throw new RejectedLineException(
              Objects.requireNonNull(
                  e.getMessage(), "TextValues.parse names the property and the text"));
        }
      }
    }
    return result;
  }

  private static List<String> fields(CSVFormat format, String line) throws RejectedLineException {
    if (line.indexOf('"') < 0 && line.indexOf('\r') < 0 && line.indexOf('\n') < 0) {
      return unquoted(format.getDelimiterString().charAt(0), line);
    }
    try (CSVParser parser = CSVParser.parse(line, format)) {
      List<CSVRecord> records = parser.getRecords();
      if (records.size() != 1) {
        throw new RejectedLineException(
            records.isEmpty() ? "is empty" : "holds a line break inside quotes");
      }
      List<String> fields = new ArrayList<>(records.get(0).size());
      records.get(0).forEach(fields::add);
      return fields;
    } catch (UncheckedIOException e) {
      throw new RejectedLineException(
          "is not well-formed "
              + describe(format)
              + ": "
              + Objects.requireNonNull(e.getCause(), "an UncheckedIOException wraps an IOException")
                  .getMessage());
    } catch (IOException | IllegalStateException e) {
      throw new RejectedLineException(
          "is not well-formed " + describe(format) + ": " + e.getMessage());
    }
  }

  /**
   * The fields of a line without quotes, as the CSV parser reads it, without building a parser for
   * the line: split at each delimiter, an empty field null.
   */
  static List<String> unquoted(char delimiter, String line) {
    List<String> fields = new ArrayList<>();
    int start = 0;
    for (int end = line.indexOf(delimiter); ; end = line.indexOf(delimiter, start)) {
      String field = line.substring(start, end < 0 ? line.length() : end);
      fields.add(field.isEmpty() ? null : field);
      if (end < 0) {
        return fields;
      }
      start = end + 1;
    }
  }

  private static String describe(CSVFormat format) {
    return format.getDelimiter() == '\t' ? "TSV" : "CSV";
  }
}
