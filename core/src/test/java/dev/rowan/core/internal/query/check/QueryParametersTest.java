package dev.rowan.core.internal.query.check;

import dev.rowan.core.internal.query.parse.MethodProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A query method's parameters against the properties they are compared with, and the views suggested. */
class QueryParametersTest {

  @Table(name = "trips")
  @Index(name = "driver", key = {"driverId", "startedAt"})
  record Trip(@RowKey String tripNo, String driverId, Instant startedAt, long meters, String city) {}

  /** Methods whose parameters fit, or do not. */
  interface Trips {
    List<Trip> findByDriverIdAndStartedAtBetween(String driverId, Instant from, Instant to);

    List<Trip> findByMetersAndCity(long meters, String city);

    List<Trip> findByMetersAndCity(Long meters, String city);

    List<Trip> findByMetersAndCity(int meters, String city);

    List<Trip> findByDriverIdIn(Collection<String> drivers);

    List<Trip> findByCityIn(String[] cities);

    List<Trip> findByMetersIn(Set<Integer> meters);

    List<Trip> findByDriverIdIn(String driver);

    List<Trip> findByMeters(String meters);

    List<Trip> findByMetersStartingWith(String prefix);

    List<Trip> findByCityAndMetersGreaterThan(String city, Object meters);

    List<Trip> findByDriverIdAndCityIsNullAndMetersIsNotNull(String driverId);

    List<Trip> findByDriverIdAndMetersNotIn(String driverId, List<Long> meters);

    List<Trip> findByDriverIdAndMetersNotIn(String driverId, long meters);

    List<Trip> findByDriverIdAndCityNot(String driverId, String city);

    List<Trip> findByDriverIdAndMetersNot(String driverId, String meters);

    List<Trip> findByDriverIdAndCityEndingWithAndCityContainingAndCityNotContaining(String driverId, String suffix,
        String part, String absent);

    List<Trip> findByDriverIdAndMetersEndingWith(String driverId, String suffix);

    List<Trip> findByDriverIdAndMetersContaining(String driverId, String part);
  }

  private static final EntityModel<Trip> MODEL = EntityModel.of(Trip.class);
  private static final List<ViewModel> VIEWS = ViewMaintainer.of(MODEL).views();

  @Test
  void parametersOfThePropertiesTypesOrTheirBoxesFit() {
    assertEquals(List.of(), problems("findByDriverIdAndStartedAtBetween", String.class, Instant.class, Instant.class));
    assertEquals(List.of(), problems("findByMetersAndCity", long.class, String.class), "long fits a long property");
    assertEquals(List.of(), problems("findByMetersAndCity", Long.class, String.class), "and so does its box");
    assertEquals(List.of(), problems("findByCityAndMetersGreaterThan", String.class, Object.class),
        "Object is checked at call time");
  }

  @Test
  void anInTakesACollectionOrAnArrayOfThePropertysType() {
    assertEquals(List.of(), problems("findByDriverIdIn", Collection.class));
    assertEquals(List.of(), problems("findByCityIn", String[].class));
    assertEquals(List.of("findByDriverIdIn: parameter 1 (driverId In) must be a collection or an array of String"),
        problems("findByDriverIdIn", String.class));
  }

  @Test
  void aParameterOfAnotherTypeIsNamedWithBothTypes() {
    assertEquals(List.of("findByMeters: parameter 1 is String but meters is long"),
        problems("findByMeters", String.class));
    assertEquals(List.of("findByMetersAndCity: parameter 1 is Integer but meters is long"),
        problems("findByMetersAndCity", int.class, String.class), "an int is not widened to a long");
    assertEquals(List.of("findByMetersIn: parameter 1 is Integer but meters is long"),
        problems("findByMetersIn", Set.class));
  }

  @Test
  void startingWithAppliesToStringsOnly() {
    assertEquals(List.of("findByMetersStartingWith: StartingWith applies to String properties, and meters is long"),
        problems("findByMetersStartingWith", String.class));
  }

  @Test
  void nullTestsTakeNoParameterNotInTakesACollectionAndNotAValueOfThePropertysType() {
    assertEquals(List.of(), problems("findByDriverIdAndCityIsNullAndMetersIsNotNull", String.class));
    assertEquals(List.of(), problems("findByDriverIdAndMetersNotIn", String.class, List.class));
    assertEquals(List.of("findByDriverIdAndMetersNotIn: parameter 2 (meters NotIn) must be a collection or an array"
        + " of Long"), problems("findByDriverIdAndMetersNotIn", String.class, long.class));
    assertEquals(List.of(), problems("findByDriverIdAndCityNot", String.class, String.class));
    assertEquals(List.of("findByDriverIdAndMetersNot: parameter 2 is String but meters is long"),
        problems("findByDriverIdAndMetersNot", String.class, String.class));
  }

  @Test
  void endingWithContainingAndNotContainingApplyToStringsOnly() {
    assertEquals(List.of(), problems("findByDriverIdAndCityEndingWithAndCityContainingAndCityNotContaining",
        String.class, String.class, String.class, String.class));
    assertEquals(List.of("findByDriverIdAndMetersEndingWith: EndingWith applies to String properties, and meters is"
        + " long"), problems("findByDriverIdAndMetersEndingWith", String.class, String.class));
    assertEquals(List.of("findByDriverIdAndMetersContaining: Containing applies to String properties, and meters is"
        + " long"), problems("findByDriverIdAndMetersContaining", String.class, String.class));
  }

  @Test
  void aQueryWhoseConditionsBindNoKeyIsToldThatNoViewCanServeIt() {
    assertEquals("No view can serve it: only Equals, In and ranges bind a key, and its conditions ([city IsNull,"
        + " meters NotIn]) are none of them; add one on a property a view's key starts with.",
        QueryParameters.suggestView(parse("findByCityIsNullAndMetersNotIn", 1), MODEL, VIEWS));
    assertEquals("A view would serve it: declare @Index(name = \"byMeters\", key = {\"meters\"}) on Trip.",
        QueryParameters.suggestView(parse("findByCityNotAndMetersLessThan", 2), MODEL, VIEWS),
        "the range is a key part; the negation is not");
  }

  @Test
  void aViewThatStartsWithABoundPropertyIsSuggestedElseADeclaration() {
    assertEquals("The views [driver] start with a property it binds; bind it by equality (or add"
        + " @Index(name = \"byStartedAt\", key = {\"startedAt\", \"driverId\"})).",
        QueryParameters.suggestView(parse("findByStartedAtAndDriverIdAfter", 2), MODEL, VIEWS));
    assertEquals("A view would serve it: declare @Index(name = \"byCity\", key = {\"city\", \"meters\"}) on Trip.",
        QueryParameters.suggestView(parse("findByCityAndMetersGreaterThan", 2), MODEL, VIEWS));
  }

  private static List<String> problems(String name, Class<?>... parameterTypes) {
    Method method;
    try {
      method = Trips.class.getMethod(name, parameterTypes);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(e);
    }
    MethodProblems problems = MethodProblems.named(name);
    QueryParameters.check(method, parse(name, parameterTypes.length), MODEL, problems);
    return problems.sentences();
  }

  private static ParsedQuery parse(String name, int parameters) {
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    VIEWS.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    return MethodNameParser.parse(name, parameters, new Vocabulary(MODEL.entityName(),
        MODEL.properties().stream().map(PropertyModel::name).toList(), viewKeys));
  }
}
