package dev.rowan.mapping.codec;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Fixed-width encodings: big-endian two's complement with the sign bit flipped, so that negative
 * numbers sort before positive ones; floating point numbers with the sign-magnitude trick, so that
 * -0.0 sorts before 0.0 and NaN after infinity, as {@link Double#compare} does.
 */
@SuppressWarnings("rawtypes")
enum FixedKeyCodecs implements KeyCodec {
  BOOLEAN(1) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.put((Boolean) v ? 1 : 0);
    }

    @Override
    public Object decode(KeyReader in) {
      int b = in.get();
      if (b > 1) {
        throw new IllegalArgumentException("a boolean is stored as 0 or 1, found " + b);
      }
      return b == 1;
    }
  },
  BYTE(1) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.put((Byte) v ^ 0x80);
    }

    @Override
    public Object decode(KeyReader in) {
      return (byte) (in.get() ^ 0x80);
    }
  },
  SHORT(2) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.putShort((Short) v ^ 0x8000);
    }

    @Override
    public Object decode(KeyReader in) {
      return (short) (in.getShort() ^ 0x8000);
    }
  },
  CHAR(2) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.putShort((Character) v);
    }

    @Override
    public Object decode(KeyReader in) {
      return (char) in.getShort();
    }
  },
  INT(4) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.putInt((Integer) v ^ Integer.MIN_VALUE);
    }

    @Override
    public Object decode(KeyReader in) {
      return in.getInt() ^ Integer.MIN_VALUE;
    }
  },
  LONG(8) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.putLong((Long) v ^ Long.MIN_VALUE);
    }

    @Override
    public Object decode(KeyReader in) {
      return in.getLong() ^ Long.MIN_VALUE;
    }
  },
  FLOAT(4) {
    @Override
    public void encode(Object v, KeyWriter out) {
      int bits = Float.floatToIntBits((Float) v);
      out.putInt(bits ^ ((bits >> 31) | Integer.MIN_VALUE));
    }

    @Override
    public Object decode(KeyReader in) {
      int sortable = in.getInt();
      return Float.intBitsToFloat(sortable < 0 ? sortable ^ Integer.MIN_VALUE : ~sortable);
    }
  },
  DOUBLE(8) {
    @Override
    public void encode(Object v, KeyWriter out) {
      long bits = Double.doubleToLongBits((Double) v);
      out.putLong(bits ^ ((bits >> 63) | Long.MIN_VALUE));
    }

    @Override
    public Object decode(KeyReader in) {
      long sortable = in.getLong();
      return Double.longBitsToDouble(sortable < 0 ? sortable ^ Long.MIN_VALUE : ~sortable);
    }
  },
  INSTANT(12) {
    @Override
    public void encode(Object v, KeyWriter out) {
      Instant instant = (Instant) v;
      out.putLong(instant.getEpochSecond() ^ Long.MIN_VALUE).putInt(instant.getNano());
    }

    @Override
    public Object decode(KeyReader in) {
      long seconds = in.getLong() ^ Long.MIN_VALUE;
      return Instant.ofEpochSecond(seconds, in.getInt());
    }
  },
  LOCAL_DATE(8) {
    @Override
    public void encode(Object v, KeyWriter out) {
      out.putLong(((LocalDate) v).toEpochDay() ^ Long.MIN_VALUE);
    }

    @Override
    public Object decode(KeyReader in) {
      return LocalDate.ofEpochDay(in.getLong() ^ Long.MIN_VALUE);
    }
  },
  LOCAL_DATE_TIME(12) {
    @Override
    public void encode(Object v, KeyWriter out) {
      LocalDateTime time = (LocalDateTime) v;
      out.putLong(time.toEpochSecond(ZoneOffset.UTC) ^ Long.MIN_VALUE).putInt(time.getNano());
    }

    @Override
    public Object decode(KeyReader in) {
      long seconds = in.getLong() ^ Long.MIN_VALUE;
      return LocalDateTime.ofEpochSecond(seconds, in.getInt(), ZoneOffset.UTC);
    }
  },
  /** Ordered as {@link java.util.UUID#compareTo} orders: both halves as signed longs. */
  UUID(16) {
    @Override
    public void encode(Object v, KeyWriter out) {
      UUID uuid = (UUID) v;
      out.putLong(uuid.getMostSignificantBits() ^ Long.MIN_VALUE)
          .putLong(uuid.getLeastSignificantBits() ^ Long.MIN_VALUE);
    }

    @Override
    public Object decode(KeyReader in) {
      long most = in.getLong() ^ Long.MIN_VALUE;
      return new UUID(most, in.getLong() ^ Long.MIN_VALUE);
    }
  };

  private final int width;

  FixedKeyCodecs(int width) {
    this.width = width;
  }

  @Override
  public int fixedWidth() {
    return width;
  }
}
