package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ViewJobSettingsTest {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);

  @Test
  void theJobsWorkOnEveryViewUnlessTheOptionNamesSomeIgnoringCase() {
    Configuration conf = new Configuration(false);
    assertEquals(List.of("seller", "buyer"), names(ViewJobSettings.views(MODEL, conf)));
    conf.set(VerifyViews.VIEWS, " Buyer ");
    assertEquals(List.of("buyer"), names(ViewJobSettings.views(MODEL, conf)));
  }

  @Test
  void aViewTheEntityDoesNotDeclareIsRefusedNamingTheOnesItDoes() {
    Configuration conf = new Configuration(false);
    conf.set(VerifyViews.VIEWS, "seller,byDate");
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> ViewJobSettings.views(MODEL, conf));
    assertEquals("rowan.views.only names view 'byDate', but Order declares only seller, buyer", refused.getMessage());
  }

  private static List<String> names(List<ViewModel> views) {
    return views.stream().map(ViewModel::name).toList();
  }
}
