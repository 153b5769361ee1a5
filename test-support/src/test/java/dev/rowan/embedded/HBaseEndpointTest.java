package dev.rowan.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class HBaseEndpointTest {

  private static final Map<String, String> NONE = Map.of();

  @Test
  void startsEmbeddedWhenNothingNamesACluster() {
    assertEquals(Optional.empty(), decide(site("localhost"), NONE, NONE));
    assertEquals(Optional.empty(), decide(site("127.0.0.1:2181,localhost:2182"), NONE, NONE));
  }

  @Test
  void connectsToTheClusterThatTheSiteConfigurationNames() {
    assertEquals(Optional.of("zk1,zk2:2181"), decide(site("zk1,zk2:2181"), NONE, NONE));
  }

  @Test
  void prefersTheSystemPropertyOverTheEnvironmentAndTheSiteConfiguration() {
    assertEquals(Optional.of("prop-zk"), decide(site("site-zk"),
        Map.of("hbase.zookeeper.quorum", "prop-zk"), Map.of("HBASE_ZOOKEEPER_QUORUM", "env-zk")));
    assertEquals(Optional.of("env-zk"), decide(site("site-zk"),
        Map.of("hbase.zookeeper.quorum", " "), Map.of("HBASE_ZOOKEEPER_QUORUM", "env-zk")));
  }

  private static Optional<String> decide(Configuration site, Map<String, String> properties,
      Map<String, String> environment) {
    return HBaseEndpoint.externalQuorum(site, properties::get, environment::get);
  }

  private static Configuration site(String quorum) {
    Configuration conf = new Configuration(false);
    conf.set("hbase.zookeeper.quorum", quorum);
    return conf;
  }
}
