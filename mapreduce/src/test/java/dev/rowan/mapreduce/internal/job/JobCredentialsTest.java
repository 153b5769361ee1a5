package dev.rowan.mapreduce.internal.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;

/**
 * What a job's credentials setup does without Kerberos: nothing but taking the submitter's keytab
 * keys out of what the tasks get. (With Kerberos, security-tests' KerberosClusterIT.)
 */
class JobCredentialsTest {

  @Test
  void takesTheSubmittersKeytabLoginOutOfTheTasksConfigurationAndKeepsTheRest() throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("hbase.client.keytab.file", "/etc/security/keytabs/app.keytab");
    conf.set("hbase.client.keytab.principal", "app@EXAMPLE.COM");
    conf.set("hbase.security.authentication", "kerberos");
    Job job = Job.getInstance(conf);

    JobCredentials.forTasks(job);

    assertNull(job.getConfiguration().get("hbase.client.keytab.file"));
    assertNull(job.getConfiguration().get("hbase.client.keytab.principal"));
    assertEquals("kerberos", job.getConfiguration().get("hbase.security.authentication"));
    assertEquals("/etc/security/keytabs/app.keytab", conf.get("hbase.client.keytab.file"), "the submitter's is kept");
  }

  @Test
  void obtainsNoTokenOnAnUnsecuredCluster() throws IOException {
    Job job = Job.getInstance(new Configuration(false));

    JobCredentials.obtainForPaths(job, new Path("file:///tmp/rowan-work"), new Path("file:///tmp/rowan-work/hfiles"));

    assertEquals(0, job.getCredentials().numberOfTokens());
  }
}
