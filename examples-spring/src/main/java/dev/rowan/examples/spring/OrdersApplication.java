package dev.rowan.examples.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small web service over the shop's orders. With nothing configured it runs on an embedded HBase
 * kept in {@code rowan-spring-data/} (application.properties); set {@code rowan.zookeeper.quorum}
 * to use a cluster. The starter finds {@link OrderRepository}, creates the tables at start-up
 * ({@code rowan.schema.mode=create}) and reports every repository call to Micrometer.
 */
@SpringBootApplication
public class OrdersApplication {

  /** Starts the service. */
  public static void main(String[] args) {
    SpringApplication.run(OrdersApplication.class, args);
  }
}
