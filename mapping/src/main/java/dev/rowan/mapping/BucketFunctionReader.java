package dev.rowan.mapping;

import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.spi.BucketFunction;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads the bucket function of a {@code @Salt}: its strategy, virtual nodes or class of one's own,
 * reporting every problem to the model reader. A user's class is made twice and the two must be
 * equal, so that its equality by value is known to hold before a model is cached.
 */
final class BucketFunctionReader {

  private static final int MAX_VIRTUAL_NODES = 1024;

  private BucketFunctionReader() {}

  /** The function {@code salt} of {@code entity} names, or null after reporting a problem. */
  static @Nullable BucketFunction read(String entity, Salt salt, Consumer<String> problem) {
    boolean custom = salt.function() != BucketFunction.class;
    boolean ring = salt.strategy() == Salt.Strategy.CONSISTENT_HASH;
    if (custom && salt.strategy() != Salt.Strategy.HASH_MOD) {
      problem.accept(
          entity
              + " has @Salt(strategy = "
              + salt.strategy()
              + ", function = "
              + salt.function().getSimpleName()
              + ".class); give a strategy or a function, not both");
      return null;
    }
    if (salt.virtualNodes() != 0 && !ring) {
      problem.accept(
          entity
              + " has @Salt(virtualNodes = "
              + salt.virtualNodes()
              + ") without strategy = "
              + "CONSISTENT_HASH; virtual nodes are points on a consistent-hash ring and mean nothing to "
              + (custom ? salt.function().getSimpleName() : "HASH_MOD"));
      return null;
    }
    if (salt.virtualNodes() < 0 || salt.virtualNodes() > MAX_VIRTUAL_NODES) {
      problem.accept(
          entity
              + " has @Salt(virtualNodes = "
              + salt.virtualNodes()
              + "); it runs from 1 to "
              + MAX_VIRTUAL_NODES
              + ", or 0 for the default of "
              + Salt.DEFAULT_VIRTUAL_NODES);
      return null;
    }
    if (ring) {
      return BucketFunction.consistentHash(
          salt.virtualNodes() == 0 ? Salt.DEFAULT_VIRTUAL_NODES : salt.virtualNodes());
    }
    return custom ? custom(entity, salt.function(), problem) : BucketFunction.hashMod();
  }

  private static @Nullable BucketFunction custom(
      String entity, Class<? extends BucketFunction> type, Consumer<String> problem) {
    String named = entity + " has @Salt(function = " + type.getName() + ".class)";
    BucketFunction first;
    BucketFunction second;
    try {
      first = make(type);
      second = make(type);
    } catch (ReflectiveOperationException | RuntimeException e) {
      Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
      problem.accept(
          named
              + ", which cannot be made: "
              + cause
              + "; give it a no-argument constructor, or make it an enum of one constant");
      return null;
    }
    if (!first.equals(second) || first.hashCode() != second.hashCode()) {
      problem.accept(
          named
              + ", whose instances are not equal by value: two made alike must be equal and have"
              + " the same hashCode, because a cached model compares them; implement equals and hashCode");
      return null;
    }
    String description = first.description();
    if (description == null || description.isBlank()) {
      problem.accept(
          named
              + ", whose description() is empty; describe the function and its settings, as the"
              + " table layout records them");
      return null;
    }
    return first;
  }

  private static BucketFunction make(Class<? extends BucketFunction> type)
      throws ReflectiveOperationException {
    if (type.isEnum()) {
      BucketFunction[] constants = type.getEnumConstants();
      if (constants.length != 1) {
        throw new InstantiationException("an enum of " + constants.length + " constants");
      }
      return constants[0];
    }
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
      throw new InstantiationException("an interface or abstract class");
    }
    Constructor<? extends BucketFunction> constructor = type.getDeclaredConstructor();
    constructor.trySetAccessible();
    return constructor.newInstance();
  }
}
