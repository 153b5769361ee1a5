package dev.rowan.mapreduce.internal.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.rowan.mapping.PropertyModel;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * Reads JSON lines: one object per line, its fields named after entity properties. Scalars are read
 * like text ({@link TextValues}), so a date is an ISO-8601 string and an {@code Instant} may also
 * be a number of epoch milliseconds; decimals keep every digit; {@code null} is null.
 */
final class JsonRecords implements RecordParser {

  /** Decimals exactly as written: no detour through double, no trailing zeros stripped. */
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

  private final TextValues values;
  private final boolean ignoreUnknown;

  JsonRecords(TextValues values, boolean ignoreUnknown) {
    this.values = values;
    this.ignoreUnknown = ignoreUnknown;
  }

  @Override
  public Object[] parse(String line) throws RejectedLineException {
    JsonNode object;
    try {
      object = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new RejectedLineException("is not JSON: " + e.getOriginalMessage());
    }
    if (object == null || !object.isObject()) {
      throw new RejectedLineException("is not a JSON object");
    }
    Object[] result = RecordParser.emptyValues(values.model());
    for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      PropertyModel property = RecordParser.property(values.model(), field.getKey());
      if (property == null) {
        if (ignoreUnknown) {
          continue;
        }
        throw new RejectedLineException(
            "field '" + field.getKey() + "' is no property of " + values.model().entityName());
      }
      JsonNode value = field.getValue();
      if (value.isNull()) {
        continue;
      }
      if (!value.isValueNode()) {
        throw new RejectedLineException(
            property.qualifiedName()
                + ": a "
                + property.type().getSimpleName()
                + " cannot be read from a JSON "
                + (value.isArray() ? "array" : "object"));
      }
      try {
        result[property.index()] = values.parse(property, value.asText());
      } catch (IllegalArgumentException e) {
        throw new RejectedLineException(
            Objects.requireNonNull(
                e.getMessage(), "TextValues.parse names the property and the text"));
      }
    }
    return result;
  }
}
