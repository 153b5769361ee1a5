package dev.rowan.benchmarks;

import com.flipkart.hbaseobjectmapper.HBObjectMapper;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.RowWrite;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Entity mapping alone, without I/O: {@link Order} to {@link Put} ({@code ...ToPut}) and {@link
 * Result} to {@link Order} ({@code ...FromResult}) by Rowan, by hand-written code, by reflection
 * and by hbase-object-mapper. Each call maps the next of {@value #POOL} distinct orders or results,
 * made before measuring, so that no input is constant.
 *
 * <p>The set-up fails, before anything is measured, unless the hand-written and reflective puts
 * have exactly Rowan's cells and every mapper reads back the order it was given.
 *
 * <p>Thread-safety: JMH gives every thread its own instance ({@link Scope#Thread}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class MappingBenchmark {

  static final int POOL = 1024;

  private EntityModel<Order> rowan;
  private ReflectionMapper<Order> reflection;
  private HBObjectMapper hbaseOrm;

  private Order[] orders;
  private HBaseOrmOrder[] hbaseOrmOrders;

  /** The rows Rowan (and so the hand-written and reflective code) wrote, as a get returns them. */
  private Result[] results;

  /** The rows hbase-object-mapper wrote, in its own encoding. */
  private Result[] hbaseOrmResults;

  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    rowan = EntityModel.of(Order.class);
    reflection = ReflectionMapper.of(Order.class);
    hbaseOrm = new HBObjectMapper();
    orders = Fixtures.orders(POOL, 42);
    hbaseOrmOrders = new HBaseOrmOrder[POOL];
    results = new Result[POOL];
    hbaseOrmResults = new Result[POOL];
    for (int i = 0; i < POOL; i++) {
      Order order = orders[i];
      RowWrite write = rowan.write(order);
      Fixtures.checkEqual("Rowan's delete of null columns", null, write.delete());
      Fixtures.checkSameCells(
          "hand-written put of " + order, write.put(), HandWrittenOrderMapper.toPut(order));
      Fixtures.checkSameCells("reflective put of " + order, write.put(), reflection.toPut(order));
      results[i] = Fixtures.toResult(write.put());
      Fixtures.checkEqual("Rowan's read", order, rowan.read(results[i]));
      Fixtures.checkEqual(
          "hand-written read", order, HandWrittenOrderMapper.fromResult(results[i]));
      Fixtures.checkEqual("reflective read", order, reflection.fromResult(results[i]));

      hbaseOrmOrders[i] = new HBaseOrmOrder(order);
      hbaseOrmResults[i] = Fixtures.toResult(hbaseOrm.writeValueAsPut(hbaseOrmOrders[i]));
      Fixtures.checkEqual(
          "hbase-object-mapper's read",
          hbaseOrmOrders[i],
          hbaseOrm.readValue(hbaseOrmResults[i], HBaseOrmOrder.class));
    }
  }

  private int next() {
    return next = (next + 1) & (POOL - 1);
  }

  @Benchmark
  public Put rowanToPut() {
    return rowan.write(orders[next()]).put();
  }

  @Benchmark
  public Put handWrittenToPut() {
    return HandWrittenOrderMapper.toPut(orders[next()]);
  }

  @Benchmark
  public Put reflectionToPut() {
    return reflection.toPut(orders[next()]);
  }

  @Benchmark
  public Put hbaseObjectMapperToPut() {
    return hbaseOrm.writeValueAsPut(hbaseOrmOrders[next()]);
  }

  @Benchmark
  public Order rowanFromResult() {
    return rowan.read(results[next()]);
  }

  @Benchmark
  public Order handWrittenFromResult() {
    return HandWrittenOrderMapper.fromResult(results[next()]);
  }

  @Benchmark
  public Order reflectionFromResult() {
    return reflection.fromResult(results[next()]);
  }

  @Benchmark
  public HBaseOrmOrder hbaseObjectMapperFromResult() {
    return hbaseOrm.readValue(hbaseOrmResults[next()], HBaseOrmOrder.class);
  }
}
