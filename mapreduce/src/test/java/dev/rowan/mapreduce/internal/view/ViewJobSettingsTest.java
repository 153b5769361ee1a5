package dev.rowan.mapreduce.internal.view;

import dev.rowan.mapreduce.Order;
import dev.rowan.mapreduce.VerifyViews;

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

  @Test
  void aDroppedViewIsLeftOutAndRefusedWhenTheOptionNamesIt() {
    Configuration conf = new Configuration(false);
    List<ViewModel> all = ViewJobSettings.views(MODEL, conf);
    assertEquals(List.of("seller"), names(ViewJobSettings.withoutDropped(MODEL, all, java.util.Set.of("buyer"), conf)));
    conf.set(VerifyViews.VIEWS, "BUYER");
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> ViewJobSettings.withoutDropped(MODEL, ViewJobSettings.views(MODEL, conf), java.util.Set.of("buyer"), conf));
    assertEquals("rowan.views.only names view 'BUYER' of Order, which is dropped: its main table no longer names it, no"
        + " writer writes it, and schema().dropView deletes its table; schema().create adds it again, building",
        refused.getMessage());
  }

  private static List<String> names(List<ViewModel> views) {
    return views.stream().map(ViewModel::name).toList();
  }
}
