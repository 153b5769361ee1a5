package dev.rowan.cli;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan explain <repository class> [method...]}: the plans of query methods. Planning is a
 * pure function of the repository and its entity, so this command does not talk to HBase: it builds
 * the repository over a connection that only answers for its configuration.
 */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description =
        "Prints the plan of query methods of a repository: the table or view read, the scan ranges,"
            + " filters, order and the alternatives rejected. Needs no HBase.")
final class ExplainCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<repository class>",
      description = "The repository interface, e.g. com.example.OrderRepository.")
  Class<?> repository;

  @Parameters(
      index = "1..*",
      paramLabel = "<method>",
      description = "Query methods to explain; all the repository declares when none is given.")
  List<String> methods = List.of();

  @Override
  public Integer call() {
    if (!HBaseRepository.class.isAssignableFrom(repository)
        || repository == HBaseRepository.class) {
      throw new ParameterException(
          spec.commandLine(),
          repository.getName()
              + " is not a repository: it does not"
              + " extend "
              + HBaseRepository.class.getName());
    }
    List<String> declared =
        Arrays.stream(repository.getDeclaredMethods())
            .filter(m -> !m.isDefault() && !Modifier.isStatic(m.getModifiers()) && !m.isSynthetic())
            .map(Method::getName)
            .distinct()
            .sorted()
            .toList();
    for (String method : methods) {
      if (!declared.contains(method)) {
        throw new ParameterException(
            spec.commandLine(),
            repository.getSimpleName()
                + " declares no query method "
                + method
                + "; it declares "
                + String.join(", ", declared));
      }
    }
    RowanCli cli = RowanCli.of(spec);
    Rowan.Builder builder = Rowan.builder(offline(HBaseConfiguration.create()));
    if (cli.namespace != null) {
      builder.namespace(cli.namespace);
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    HBaseRepository<?> planned = builder.build().repository((Class) repository);
    PrintWriter out = spec.commandLine().getOut();
    List<String> explained = methods.isEmpty() ? declared : methods;
    for (int i = 0; i < explained.size(); i++) {
      if (i > 0) {
        out.println();
      }
      out.println(planned.explain(explained.get(i)).strip());
    }
    return 0;
  }

  /** A connection that gives its configuration and refuses everything else. */
  private static Connection offline(Configuration conf) {
    return (Connection)
        Proxy.newProxyInstance(
            ExplainCommand.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getConfiguration" -> conf;
                  case "isClosed", "isAborted" -> false;
                  case "close", "abort" -> null;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "toString" -> "an offline connection, for explain";
                  case "getAdmin" -> offlineAdmin();
                  case "getTable" -> offlineTable((TableName) args[0]);
                  default ->
                      throw new UnsupportedOperationException(
                          "explain does not talk to HBase (" + method.getName() + ")");
                });
  }

  /** A table that does not exist: the catalog a repository reads the records of its tables from. */
  private static Table offlineTable(TableName name) {
    return (Table)
        Proxy.newProxyInstance(
            ExplainCommand.class.getClassLoader(),
            new Class<?>[] {Table.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getScanner" -> throw new TableNotFoundException(name);
                  case "close" -> null;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "toString" -> "an offline table, for explain";
                  default ->
                      throw new UnsupportedOperationException(
                          "explain does not talk to HBase (" + method.getName() + ")");
                });
  }

  /**
   * An admin that knows no table: building a repository reads the key layout its tables record, and
   * explain, having no tables, has none to check.
   */
  private static Admin offlineAdmin() {
    return (Admin)
        Proxy.newProxyInstance(
            ExplainCommand.class.getClassLoader(),
            new Class<?>[] {Admin.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getDescriptor" -> throw new TableNotFoundException((TableName) args[0]);
                  case "listTableNamesByNamespace" ->
                      new TableName[0]; // no period tables (@TablePerPeriod) either
                  case "tableExists" -> false;
                  case "close" -> null;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  case "toString" -> "an offline admin, for explain";
                  default ->
                      throw new UnsupportedOperationException(
                          "explain does not talk to HBase (" + method.getName() + ")");
                });
  }
}
