package dev.rowan.mapreduce.internal.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Internal, not API: the credentials of a job on a Kerberized cluster, obtained at submission, when
 * the submitter holds a Kerberos login: its tasks hold none and authenticate with the job's
 * delegation tokens.
 *
 * <ul>
 *   <li>HBase: a token of each cluster the job talks to, from HBase's {@link
 *       TableMapReduceUtil#initCredentials} (which {@code initTableMapperJob} and {@code
 *       HFileOutput.configure} call): the cluster of the job's configuration, and a second one
 *       named by {@code hbase.mapred.output.quorum}. A no-op unless {@code
 *       hbase.security.authentication=kerberos}.
 *   <li>HDFS: MapReduce obtains tokens for the staging directory, the input paths and the output
 *       directory; {@link #obtainForPaths} adds those of the work directory that tasks write to
 *       beside them (the partitions file, rejects, duplicates). A no-op unless Hadoop's security is
 *       on.
 *   <li>The submitter's keytab keys ({@code hbase.client.keytab.file} and {@code
 *       hbase.client.keytab.principal}) are taken out of the job's configuration ({@link
 *       #forTasks}): a task's HBase client would try to log in from a file that is not on its node,
 *       instead of using the token.
 * </ul>
 *
 * <p>Thread-safety: stateless.
 */
public final class JobCredentials {

  /** HBase's client keys of a keytab login ({@code AuthUtil}), which only the submitter can use. */
  static final String[] KEYTAB_KEYS = {"hbase.client.keytab.file", "hbase.client.keytab.principal"};

  private JobCredentials() {}

  /** Takes the submitter's keytab login out of the configuration that the job's tasks get. */
  public static void forTasks(Job job) {
    Configuration conf = job.getConfiguration();
    for (String key : KEYTAB_KEYS) {
      conf.unset(key);
    }
  }

  /**
   * Obtains HDFS delegation tokens for the file systems of {@code paths}, as MapReduce does for a
   * job's input and output paths; does nothing unless Hadoop's security is on.
   *
   * @throws IOException when a token cannot be obtained
   */
  public static void obtainForPaths(Job job, Path... paths) throws IOException {
    TokenCache.obtainTokensForNamenodes(job.getCredentials(), paths, job.getConfiguration());
  }
}
