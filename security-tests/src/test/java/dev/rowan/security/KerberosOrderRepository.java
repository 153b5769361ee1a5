package dev.rowan.security;

import dev.rowan.core.HBaseRepository;
import java.util.List;

/** The repository of {@link KerberosOrder}; {@code findBySellerId} reads the seller view. */
public interface KerberosOrderRepository extends HBaseRepository<KerberosOrder> {

  List<KerberosOrder> findBySellerId(String sellerId);
}
