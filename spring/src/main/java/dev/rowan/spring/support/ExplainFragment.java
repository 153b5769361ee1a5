package dev.rowan.spring.support;

import dev.rowan.core.HBaseRepository;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * {@code explain(String)} of an interface served by a twin ({@link TwinRepository}): finds the
 * twin's method of the interface's method named and translates the plan back to the interface's
 * names.
 *
 * <p>Thread-safety: thread-safe once its repository is built.
 */
final class ExplainFragment implements Explaining {

  private final TwinRepository twin;
  private final Supplier<HBaseRepository<?>> target;

  ExplainFragment(TwinRepository twin, Supplier<HBaseRepository<?>> target) {
    this.twin = twin;
    this.target = target;
  }

  @Override
  public @Nullable String explain(String methodName) {
    int open = methodName.indexOf('(');
    String name = (open < 0 ? methodName : methodName.substring(0, open)).trim();
    List<MethodBridge> bridges = twin.bridges(name);
    String asked = methodName;
    if (bridges.size() > 1 && open < 0) {
      throw new IllegalArgumentException(
          twin.repository().getSimpleName()
              + " declares "
              + name
              + " "
              + bridges.size()
              + " times; name one by its signature: "
              + bridges.stream().map(bridge -> signature(bridge)).toList());
    }
    List<MethodBridge> matching =
        open < 0
            ? bridges
            : bridges.stream().filter(bridge -> sameSignature(methodName, bridge)).toList();
    if (matching.size() == 1 && matching.get(0).kind() != MethodBridge.Kind.PLAIN) {
      asked = matching.get(0).twinName();
    }
    try {
      return twin.translate(target.get().explain(asked));
    } catch (IllegalArgumentException refused) {
      throw new IllegalArgumentException(twin.translate(refused.getMessage()), refused);
    }
  }

  private static String signature(MethodBridge bridge) {
    StringBuilder text = new StringBuilder(bridge.method().getName()).append('(');
    Class<?>[] types = bridge.method().getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      text.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
    }
    return text.append(')').toString();
  }

  private static boolean sameSignature(String asked, MethodBridge bridge) {
    String normalised = asked.replace(" ", "");
    Class<?>[] types = bridge.method().getParameterTypes();
    StringBuilder simple = new StringBuilder(bridge.method().getName()).append('(');
    StringBuilder qualified = new StringBuilder(bridge.method().getName()).append('(');
    for (int i = 0; i < types.length; i++) {
      simple.append(i == 0 ? "" : ",").append(types[i].getSimpleName());
      qualified.append(i == 0 ? "" : ",").append(types[i].getCanonicalName());
    }
    return normalised.equals(simple + ")") || normalised.equals(qualified + ")");
  }
}
