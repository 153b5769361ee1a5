package dev.rowan.spring.boot.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether to start the embedded HBase: {@code rowan.embedded.enabled} when set, otherwise when no
 * cluster is configured in {@code rowan.*} and no {@code hbase-site.xml} is on the class path.
 */
final class OnEmbeddedHBaseCondition extends SpringBootCondition {

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    ConditionMessage.Builder message = ConditionMessage.forCondition("Embedded HBase");
    RowanProperties properties =
        Binder.get(context.getEnvironment())
            .bind("rowan", RowanProperties.class)
            .orElseGet(RowanProperties::new);
    Boolean enabled = properties.getEmbedded().getEnabled();
    if (enabled != null) {
      return enabled
          ? ConditionOutcome.match(message.because("rowan.embedded.enabled is true"))
          : ConditionOutcome.noMatch(message.because("rowan.embedded.enabled is false"));
    }
    if (properties.namesCluster()) {
      return ConditionOutcome.noMatch(message.because("rowan.* names a cluster"));
    }
    ClassLoader loader = context.getClassLoader();
    if (loader != null && loader.getResource("hbase-site.xml") != null) {
      return ConditionOutcome.noMatch(
          message.because("an hbase-site.xml on the class path names the cluster"));
    }
    return ConditionOutcome.match(message.because("no cluster is configured"));
  }
}
