package dev.rowan.benchmarks;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The baseline: what a careful engineer writes by hand for {@link Order}, producing exactly the
 * bytes Rowan writes. Values are encoded with {@link Bytes}; the row key is the UTF-8 order number
 * with each {@code 00} escaped as {@code 00 FF}, ended by {@code 00 01}. Reading makes one pass
 * over the cells of the result (a get of one version), matches each qualifier against the six
 * constants and decodes the value in place, without copying it.
 *
 * <p>Thread-safety: stateless and thread-safe.
 */
final class HandWrittenOrderMapper {

  static final byte[] D = Bytes.toBytes("d");
  static final byte[] SELLER = Bytes.toBytes("s");
  static final byte[] BUYER = Bytes.toBytes("b");
  static final byte[] CREATED = Bytes.toBytes("c");
  static final byte[] AMOUNT = Bytes.toBytes("a");
  static final byte[] STATUS = Bytes.toBytes("st");
  static final byte[] QUANTITY = Bytes.toBytes("q");

  private HandWrittenOrderMapper() {}

  static Put toPut(Order order) {
    Put put = new Put(rowKey(order.orderNo()));
    put.addColumn(D, SELLER, Bytes.toBytes(order.sellerId()));
    put.addColumn(D, BUYER, Bytes.toBytes(order.buyerId()));
    put.addColumn(D, CREATED, instant(order.createdAt()));
    put.addColumn(D, AMOUNT, Bytes.toBytes(order.amount()));
    put.addColumn(D, STATUS, Bytes.toBytes(order.status().name()));
    put.addColumn(D, QUANTITY, Bytes.toBytes(order.quantity()));
    return put;
  }

  static Order fromResult(Result result) {
    String seller = null;
    String buyer = null;
    Instant created = null;
    BigDecimal amount = null;
    Order.Status status = null;
    long quantity = 0;
    for (Cell cell : result.rawCells()) {
      if (!CellUtil.matchingFamily(cell, D)) {
        continue;
      }
      byte[] value = cell.getValueArray();
      int offset = cell.getValueOffset();
      int length = cell.getValueLength();
      if (CellUtil.matchingQualifier(cell, SELLER)) {
        seller = Bytes.toString(value, offset, length);
      } else if (CellUtil.matchingQualifier(cell, BUYER)) {
        buyer = Bytes.toString(value, offset, length);
      } else if (CellUtil.matchingQualifier(cell, CREATED)) {
        created =
            Instant.ofEpochSecond(Bytes.toLong(value, offset), Bytes.toInt(value, offset + 8));
      } else if (CellUtil.matchingQualifier(cell, AMOUNT)) {
        amount = Bytes.toBigDecimal(value, offset, length);
      } else if (CellUtil.matchingQualifier(cell, STATUS)) {
        status = Order.Status.valueOf(Bytes.toString(value, offset, length));
      } else if (CellUtil.matchingQualifier(cell, QUANTITY)) {
        quantity = Bytes.toLong(value, offset, length);
      }
    }
    return new Order(orderNo(result.getRow()), seller, buyer, created, amount, status, quantity);
  }

  /**
   * The row key of {@code orderNo}: its UTF-8 bytes, {@code 00} escaped as {@code 00 FF}, then
   * {@code 00 01}.
   */
  static byte[] rowKey(String orderNo) {
    byte[] utf8 = orderNo.getBytes(StandardCharsets.UTF_8);
    int zeros = 0;
    for (byte b : utf8) {
      if (b == 0) {
        zeros++;
      }
    }
    byte[] key = new byte[utf8.length + zeros + 2];
    int n = 0;
    for (byte b : utf8) {
      key[n++] = b;
      if (b == 0) {
        key[n++] = (byte) 0xFF;
      }
    }
    key[n++] = 0;
    key[n] = 1;
    return key;
  }

  /** The order number in {@code rowKey}, the inverse of {@link #rowKey}. */
  static String orderNo(byte[] rowKey) {
    byte[] utf8 = new byte[rowKey.length];
    int n = 0;
    for (int i = 0; ; i++) {
      byte b = rowKey[i];
      if (b == 0) {
        if (rowKey[++i] == 1) {
          return new String(utf8, 0, n, StandardCharsets.UTF_8);
        }
      }
      utf8[n++] = b;
    }
  }

  static byte[] instant(Instant instant) {
    byte[] out = new byte[12];
    Bytes.putLong(out, 0, instant.getEpochSecond());
    Bytes.putInt(out, 8, instant.getNano());
    return out;
  }
}
