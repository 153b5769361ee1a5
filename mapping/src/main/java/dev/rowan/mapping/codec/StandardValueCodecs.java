package dev.rowan.mapping.codec;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;
import org.apache.hadoop.hbase.util.Bytes;

/** The cell encodings of {@link ValueCodecs}. */
@SuppressWarnings("rawtypes")
enum StandardValueCodecs implements ValueCodec {
  STRING {
    @Override
    public byte[] encode(Object v) {
      return Utf8.encode((String) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Utf8.decode(b, off, len);
    }
  },
  BYTES {
    @Override
    public byte[] encode(Object v) {
      return (byte[]) v;
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Arrays.copyOfRange(b, off, off + len);
    }
  },
  BOOLEAN {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Boolean) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 1);
      return b[off] != 0;
    }
  },
  BYTE {
    @Override
    public byte[] encode(Object v) {
      return new byte[] {(Byte) v};
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 1);
      return b[off];
    }
  },
  SHORT {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Short) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Bytes.toShort(b, off, width(len, 2));
    }
  },
  CHAR {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((short) (char) (Character) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return (char) Bytes.toShort(b, off, width(len, 2));
    }
  },
  INT {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Integer) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Bytes.toInt(b, off, width(len, 4));
    }
  },
  LONG {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Long) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Bytes.toLong(b, off, width(len, 8));
    }
  },
  FLOAT {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Float) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 4);
      return Bytes.toFloat(b, off);
    }
  },
  DOUBLE {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((Double) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 8);
      return Bytes.toDouble(b, off);
    }
  },
  BIG_DECIMAL {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes((BigDecimal) v);
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return Bytes.toBigDecimal(b, off, len);
    }
  },
  INSTANT {
    @Override
    public byte[] encode(Object v) {
      Instant instant = (Instant) v;
      return secondsAndNanos(instant.getEpochSecond(), instant.getNano());
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 12);
      return Instant.ofEpochSecond(Bytes.toLong(b, off), Bytes.toInt(b, off + 8));
    }
  },
  LOCAL_DATE {
    @Override
    public byte[] encode(Object v) {
      return Bytes.toBytes(((LocalDate) v).toEpochDay());
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      return LocalDate.ofEpochDay(Bytes.toLong(b, off, width(len, 8)));
    }
  },
  LOCAL_DATE_TIME {
    @Override
    public byte[] encode(Object v) {
      LocalDateTime time = (LocalDateTime) v;
      return secondsAndNanos(time.toEpochSecond(ZoneOffset.UTC), time.getNano());
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 12);
      return LocalDateTime.ofEpochSecond(
          Bytes.toLong(b, off), Bytes.toInt(b, off + 8), ZoneOffset.UTC);
    }
  },
  UUID {
    @Override
    public byte[] encode(Object v) {
      UUID uuid = (UUID) v;
      byte[] out = new byte[16];
      Bytes.putLong(out, 0, uuid.getMostSignificantBits());
      Bytes.putLong(out, 8, uuid.getLeastSignificantBits());
      return out;
    }

    @Override
    public Object decode(byte[] b, int off, int len) {
      width(len, 16);
      return new UUID(Bytes.toLong(b, off), Bytes.toLong(b, off + 8));
    }
  };

  private static byte[] secondsAndNanos(long seconds, int nanos) {
    byte[] out = new byte[12];
    Bytes.putLong(out, 0, seconds);
    Bytes.putInt(out, 8, nanos);
    return out;
  }

  private static int width(int length, int expected) {
    if (length != expected) {
      throw new IllegalArgumentException(
          "a cell of " + length + " bytes cannot hold a value of " + expected + " bytes");
    }
    return length;
  }
}
