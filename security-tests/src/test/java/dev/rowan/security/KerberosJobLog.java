package dev.rowan.security;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * What MapReduce's {@code JobSubmitter} logs while it is captured: among it, at submission, the
 * tokens the job carries ("Executing with tokens: [Kind: HBASE_AUTH_TOKEN, ...]"). The local job
 * runner keeps a job's credentials to itself, so this is where a test sees them.
 *
 * <p>Thread-safety: safe; appends come from the submitting thread.
 */
final class KerberosJobLog extends AbstractAppender implements AutoCloseable {

  private static final String SUBMITTER = "org.apache.hadoop.mapreduce.JobSubmitter";

  private final StringBuffer text = new StringBuffer();
  private final LoggerContext context;

  private KerberosJobLog(LoggerContext context) {
    super("KerberosJobLog", null, null, true, Property.EMPTY_ARRAY);
    this.context = context;
  }

  /** Starts capturing what the job submitter logs at INFO and above. */
  static KerberosJobLog capture() {
    KerberosJobLog log = new KerberosJobLog(LoggerContext.getContext(false));
    log.start();
    LoggerConfig submitter = new LoggerConfig(SUBMITTER, Level.INFO, true);
    submitter.addAppender(log, Level.INFO, null);
    log.context.getConfiguration().addLogger(SUBMITTER, submitter);
    log.context.updateLoggers();
    return log;
  }

  @Override
  public void append(LogEvent event) {
    text.append(event.getMessage().getFormattedMessage()).append('\n');
  }

  /** What was logged so far. */
  String text() {
    return text.toString();
  }

  @Override
  public void close() {
    context.getConfiguration().removeLogger(SUBMITTER);
    context.updateLoggers();
    stop();
  }
}
