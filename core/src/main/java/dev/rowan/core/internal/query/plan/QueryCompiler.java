package dev.rowan.core.internal.query.plan;

import dev.rowan.core.AllowScan;
import dev.rowan.core.internal.query.check.MethodChecks;
import dev.rowan.core.internal.query.check.Projection;
import dev.rowan.core.internal.query.check.QueryParameters;
import dev.rowan.core.internal.query.check.RepositoryTypes;
import dev.rowan.core.internal.query.check.ResultKind;
import dev.rowan.core.internal.query.check.SpecialParameters;
import dev.rowan.core.internal.query.parse.MethodNameException;
import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Compiles a repository's query method when the repository is created: parses its name, checks its
 * declaration (return type, projection, parameters, special parameters, sorts) and plans it over
 * the entity's table and views, refusing a method that would read the whole table without
 * {@code @AllowScan}. A pure function of the method, the entity and its views: no I/O. Every reason
 * a method cannot be served is reported, each naming the method, rather than the first.
 * Thread-safety: stateless.
 */
public final class QueryCompiler {

  private QueryCompiler() {}

  /**
   * The compiled query of {@code method} of {@code repository} over {@code model} and its {@code
   * views}, or null after adding to {@code problems} (the method's) every reason it cannot be
   * served.
   */
  public static @Nullable CompiledQuery compile(
      Class<?> repository,
      Method method,
      EntityModel<?> model,
      List<ViewModel> views,
      MethodProblems problems) {
    String name = problems.method();
    SpecialParameters special = SpecialParameters.of(method, problems);
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(
        v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary =
        new Vocabulary(
            model.entityName(),
            model.properties().stream().map(PropertyModel::name).toList(),
            viewKeys);
    ParsedQuery query;
    try {
      query = MethodNameParser.parse(method.getName(), special.predicateParameters(), vocabulary);
    } catch (MethodNameException e) {
      problems.add(e);
      return null;
    }
    boolean paged = special.page() >= 0;
    RepositoryTypes types = RepositoryTypes.of(repository);
    ResultKind result = MethodChecks.result(method, query, paged, types, model.type(), problems);
    special.check(query, problems);
    Projection projection = MethodChecks.projection(method, query, types, model, problems);
    QueryParameters.check(method, query, model, problems);
    MethodChecks.checkSorts(query, model, problems);
    List<ViewModel> readable = readableViews(special, model, views, problems);
    MethodPlan plan =
        QueryPlanner.plan(
            query, model, readable, projection == null ? null : projection.properties());
    PeriodChecks.check(method, query, model, result, problems);
    if (plan.readsWholeTable() && !scanAccepted(method, query, model)) {
      problems.addPredicate(
          PlanText.wholeRead("table " + model.tableName(), plan)
              + ". "
              + (readable.isEmpty() && special.timeRange() >= 0
                  ? "A TimeRange is read from the main table alone (views hold the latest state only): bind the leading"
                      + " part of "
                      + model.entityName()
                      + "'s row key."
                  : QueryParameters.suggestView(query, model, views))
              + " Or annotate the method with @AllowScan to accept the full scan.");
    }
    if (result == ResultKind.VERSIONS && special.timeRange() >= 0) {
      problems.add(
          "a versions method takes no TimeRange; it reads every version its families keep");
    } else if (result == ResultKind.VERSIONS) {
      VersionChecks.check(plan, special, model, problems);
    }
    String unpageable =
        paged && plan.sortInMemory() ? MethodChecks.unpageable(model, query.sorts()) : null;
    if (unpageable != null) {
      problems.addPredicate("returns pages, but " + unpageable);
    }
    String[] parameterNames =
        Arrays.stream(method.getParameters())
            .map(parameter -> parameter.isNamePresent() ? parameter.getName() : null)
            .toArray(String[]::new);
    return !problems.isEmpty()
        ? null
        : new CompiledQuery(name, plan, result, special, projection, parameterNames);
  }

  /**
   * Whether {@code method} may read whole tables: when it carries {@code @AllowScan}, or when its
   * entity is kept in one table per period and {@code query} bounds the periods it reads (each is
   * read whole: the articles' scan of a month's table).
   */
  public static boolean scanAccepted(Method method, ParsedQuery query, EntityModel<?> model) {
    return method.isAnnotationPresent(AllowScan.class) || PeriodRange.boundsPeriods(query, model);
  }

  /**
   * The views a method may read: every view, except for a method with a {@code TimeRange}, which
   * reads the state of a past time (views hold the latest state only) and so only the main table of
   * an entity that keeps history. When the entity does not, adds a problem naming the method and
   * saying so, and returns every view, so that the method is not refused a second time as a full
   * scan that is only the time range's.
   */
  public static List<ViewModel> readableViews(
      SpecialParameters special,
      EntityModel<?> model,
      List<ViewModel> views,
      MethodProblems problems) {
    if (special.timeRange() < 0) {
      return views;
    }
    String refusal = model.historyRefusal();
    if (refusal != null) {
      problems.addPredicate(
          "takes a TimeRange, but "
              + model.entityName()
              + " keeps no history, so a time range"
              + " cannot apply to it ("
              + refusal
              + ")");
      return views;
    }
    return List.of();
  }
}
