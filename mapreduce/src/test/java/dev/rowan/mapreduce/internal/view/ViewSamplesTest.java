package dev.rowan.mapreduce.internal.view;

import dev.rowan.mapreduce.LoadFixtures;
import dev.rowan.mapreduce.Order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.internal.view.ViewVerdict.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The keys the map tasks write are read back, a bounded number per view, each kind shown. */
class ViewSamplesTest {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final ViewModel BUYER = ViewMaintainer.of(MODEL).view("buyer").orElseThrow();

  @Test
  void keepsTheLimitPerViewTakingTheKindsInTurn() throws IOException {
    java.nio.file.Path dir = LoadFixtures.directory("samples");
    Files.write(dir.resolve("part-m-00000"), List.of(
        ViewSamples.line(SELLER, Kind.ORPHAN, Bytes.toBytes("o1")),
        ViewSamples.line(SELLER, Kind.ORPHAN, Bytes.toBytes("o2")),
        ViewSamples.line(SELLER, Kind.ORPHAN, Bytes.toBytes("o3")),
        ViewSamples.line(BUYER, Kind.STALE, Bytes.toBytes("s\u0001"))), StandardCharsets.UTF_8);
    Files.write(dir.resolve("part-m-00001"), List.of(
        ViewSamples.line(SELLER, Kind.MISSING, Bytes.toBytes("m1"))), StandardCharsets.UTF_8);
    Files.write(dir.resolve("_SUCCESS"), List.of("not a sample"), StandardCharsets.UTF_8);

    ViewSamples samples = ViewSamples.read(new Configuration(), new Path(dir.toUri()), 3);

    assertEquals(List.of("missing m1", "orphan o1", "orphan o2"), samples.of(SELLER));
    assertEquals(List.of("stale s\\x01"), samples.of(BUYER));
    assertEquals(List.of(), ViewSamples.read(new Configuration(), new Path(dir.resolve("none").toUri()), 3)
        .of(SELLER));
  }

  @Test
  void keepsEachSharedKeyOfAViewOnceInTextOrderApartFromTheKeysAtFault() throws IOException {
    java.nio.file.Path dir = LoadFixtures.directory("shared");
    Files.write(dir.resolve("part-m-00000"), List.of(
        ViewSamples.sharedLine(SELLER, "(sellerId=s-2, createdAt=2026-01-01T00:00:00Z)"),
        ViewSamples.line(SELLER, Kind.MISSING, Bytes.toBytes("m1")),
        ViewSamples.sharedLine(SELLER, "(sellerId=s-1, createdAt=2026-01-01T00:00:00Z)")), StandardCharsets.UTF_8);
    Files.write(dir.resolve("part-m-00001"), List.of(
        ViewSamples.sharedLine(SELLER, "(sellerId=s-2, createdAt=2026-01-01T00:00:00Z)"),
        ViewSamples.sharedLine(SELLER, "(sellerId=s-3, createdAt=2026-01-01T00:00:00Z)")), StandardCharsets.UTF_8);

    ViewSamples samples = ViewSamples.read(new Configuration(), new Path(dir.toUri()), 2);

    assertEquals(List.of("(sellerId=s-1, createdAt=2026-01-01T00:00:00Z)",
        "(sellerId=s-2, createdAt=2026-01-01T00:00:00Z)"), samples.shared(SELLER));
    assertEquals(List.of("missing m1"), samples.of(SELLER));
    assertEquals(List.of(), samples.shared(BUYER));
  }
}
