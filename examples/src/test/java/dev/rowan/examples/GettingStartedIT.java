package dev.rowan.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.junit.jupiter.api.Test;

/** The example of docs/getting-started.md, run as it is written there. */
@HBaseTest
class GettingStartedIT {

  // --- docs/getting-started.md: the entity and the repository ---
  @Table(name = "products")
  @Index(name = "brand", key = {"brand", "priceCents"})
  record Product(@RowKey String sku, String brand, String name, long priceCents) {}

  interface ProductRepository extends HBaseRepository<Product> {
    List<Product> findByBrandAndPriceCentsBetween(String brand, long min, long max);
    Optional<Product> findBySku(String sku);
  }
  // --- end of the example ---

  @Test
  void findsProductsOfABrandInAPriceRangeThroughTheBrandView(Rowan rowan) {
    // --- docs/getting-started.md: using it ---
    rowan.schema().create(Product.class);
    ProductRepository products = rowan.repository(ProductRepository.class);
    products.save(new Product("sku-1", "rowan", "Pruning shears", 2_450));
    products.save(new Product("sku-2", "rowan", "Garden gloves", 990));
    products.save(new Product("sku-3", "ash", "Watering can", 1_500));

    List<Product> cheap = products.findByBrandAndPriceCentsBetween("rowan", 0, 1_000);   // [sku-2 Garden gloves]
    System.out.println(products.explain("findByBrandAndPriceCentsBetween"));
    // --- end ---

    assertEquals(List.of(new Product("sku-2", "rowan", "Garden gloves", 990)), cheap);
    assertEquals("Watering can", products.findBySku("sku-3").orElseThrow().name());
    assertEquals(2, products.findByBrandAndPriceCentsBetween("rowan", 990, 2_450).size(), "Between is inclusive");
  }

  @Test
  void aClusterIsNamedByItsConfiguration() {
    Configuration conf = HBaseConfiguration.create();   // reads hbase-site.xml from the class path
    conf.set("hbase.zookeeper.quorum", "zk1,zk2,zk3");   // or set it here
    assertEquals("zk1,zk2,zk3", conf.get("hbase.zookeeper.quorum"));
  }
}
