package dev.rowan.mapreduce.internal.job;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.rowan.core.Rowan;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.bytebuddy.ByteBuddy;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Job;

/**
 * Internal, not API: submits a job of Rowan's with the jars its tasks load classes from, the entity
 * type's and Rowan's own with the libraries they need, so that the tasks run on a cluster whose
 * nodes have HBase and Hadoop alone.
 *
 * <p>Thread-safety: stateless.
 */
public final class JobSubmission {

  private JobSubmission() {}

  /**
   * Adds the jars of {@code entityType}, of Rowan and of {@code more} (the libraries of one job
   * alone) to {@code job}, and submits it; returns {@code job}.
   *
   * @throws IOException also when a class of the job cannot be loaded
   */
  public static Job submit(Job job, Class<?> entityType, Class<?>... more)
      throws IOException, InterruptedException {
    List<Class<?>> classes =
        new ArrayList<>(
            List.of(
                entityType,
                EntityModel.class,
                ViewMaintainer.class,
                Rowan.class,
                Caffeine.class,
                ByteBuddy.class));
    classes.addAll(Arrays.asList(more));
    TableMapReduceUtil.addDependencyJarsForClasses(
        job.getConfiguration(), classes.toArray(new Class<?>[0]));
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("a class of the job cannot be loaded: " + e.getMessage(), e);
    }
    return job;
  }
}
