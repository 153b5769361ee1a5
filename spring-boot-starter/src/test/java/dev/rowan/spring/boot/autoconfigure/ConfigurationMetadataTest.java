package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The metadata IDEs complete {@code rowan.*} with is generated, every property described. */
class ConfigurationMetadataTest {

  @Test
  void describesEveryRowanProperty() throws Exception {
    String metadata;
    try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("generated metadata").isNotNull();
      metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (String property : new String[] {"rowan.zookeeper.quorum", "rowan.zookeeper.port",
        "rowan.zookeeper.znode-parent", "rowan.config-locations", "rowan.properties", "rowan.namespace",
        "rowan.security.principal", "rowan.security.keytab", "rowan.settle-in-background", "rowan.write-lease",
        "rowan.view-refresh", "rowan.group-commit", "rowan.schema.mode", "rowan.schema.entities",
        "rowan.schema.packages", "rowan.embedded.enabled", "rowan.embedded.data-directory",
        "rowan.repositories.enabled", "rowan.health.timeout", "rowan.health.check-schema"}) {
      assertThat(metadata).contains("\"name\": \"" + property + "\"");
    }
    assertThat(metadata).contains("\"defaultValue\": \"60s\"").contains("\"defaultValue\": \"none\"")
        .contains("What to do with the tables of the entities at start-up");
  }
}
