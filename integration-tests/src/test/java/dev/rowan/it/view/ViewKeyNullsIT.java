package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A view row needs every key property: an entity whose view key has a null property after one
 * with a value would have no row, and a query that binds the leading properties would miss it.
 * Such an entity is refused; one whose leading view key property is null has no row, and no
 * query through the view can match it.
 */
@HBaseTest
class ViewKeyNullsIT {

  @Table(name = "tickets")
  @Index(name = "queue", key = {"queue", "openedAt"})
  record Ticket(@RowKey String id, @Column String queue, @Column Instant openedAt) {}

  interface TicketRepository extends HBaseRepository<Ticket> {
    List<Ticket> findByQueue(String queue);

    long countByQueue(String queue);
  }

  private static final Instant AT = Instant.parse("2026-01-02T03:04:05Z");

  @Test
  void anEntityWhoseLaterViewKeyPropertyIsNullIsRefusedAndNothingOfTheCallIsWritten(Rowan rowan) {
    rowan.schema().create(Ticket.class);
    TicketRepository tickets = rowan.repository(TicketRepository.class);

    InvalidValueException e = assertThrows(InvalidValueException.class,
        () -> tickets.saveAll(List.of(new Ticket("t-1", "support", AT), new Ticket("t-2", "support", null))));

    assertTrue(e.getMessage().startsWith("Ticket.openedAt: it is null, and it is a key property of view 'queue'"),
        e.getMessage());
    assertEquals(Optional.empty(), tickets.findByKey("t-1"), "nothing of the refused call is written");
    assertEquals(List.of(), tickets.findByQueue("support"));
  }

  @Test
  void anEntityWhoseLeadingViewKeyPropertyIsNullIsSavedAndNoViewQueryCanMatchIt(Rowan rowan) {
    rowan.schema().create(Ticket.class);
    TicketRepository tickets = rowan.repository(TicketRepository.class);

    tickets.saveAll(List.of(new Ticket("t-1", null, AT), new Ticket("t-2", null, null), new Ticket("t-3", "support", AT)));

    assertEquals(Optional.of(new Ticket("t-2", null, null)), tickets.findByKey("t-2"));
    assertEquals(List.of(new Ticket("t-3", "support", AT)), tickets.findByQueue("support"));
    tickets.save(new Ticket("t-1", "support", AT));
    assertEquals(2, tickets.countByQueue("support"), "an entity that gains its key joins the view");
  }
}
