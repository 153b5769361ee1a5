package dev.rowan.test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;

/** A view of a connection whose {@code close()} does nothing, so a test cannot close it for all. */
final class UnclosableConnection {

  private UnclosableConnection() {}

  static Connection of(Connection connection) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> invoke(connection, proxy, method, args));
  }

  private static @Nullable Object invoke(
      Connection target, Object proxy, Method method, Object[] args) throws Throwable {
    switch (method.getName()) {
      case "close":
        if (method.getParameterCount() == 0) {
          return null;
        }
        break;
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      case "toString":
        return "shared test connection (close() has no effect): " + target;
      default:
        break;
    }
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
