package dev.rowan.spring.support;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.spi.ObservedAs;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * What Rowan builds for a repository interface: the interface itself when its methods use no type
 * of Spring Data's, else a generated "twin" interface extending {@code HBaseRepository<T>} whose
 * methods take and return Rowan's types instead ({@link MethodBridge}), which Rowan plans as it
 * plans any repository. The twin is defined once per interface, beside it (same class loader and
 * package, so package-private entities work), and named {@code <interface>$RowanSpring}; messages
 * about it are translated back to the interface's names ({@link #translate}).
 *
 * <p>Thread-safety: immutable; instances are cached per interface.
 */
final class TwinRepository {

  private static final ClassValue<TwinRepository> CACHE =
      new ClassValue<>() {
        @Override
        protected TwinRepository computeValue(Class<?> type) {
          return analyse(type);
        }
      };

  /** The suffix of twin interface names. */
  static final String SUFFIX = "$RowanSpring";

  private final Class<?> repository;
  private final Class<?> rowanType;
  private final Map<Method, MethodBridge> bridges;
  private final List<String> problems;

  private TwinRepository(
      Class<?> repository,
      Class<?> rowanType,
      Map<Method, MethodBridge> bridges,
      List<String> problems) {
    this.repository = repository;
    this.rowanType = rowanType;
    this.bridges = bridges;
    this.problems = problems;
  }

  /** The analysis of {@code repository}, an interface extending {@code HBaseRepository}. */
  static TwinRepository of(Class<?> repository) {
    return CACHE.get(repository);
  }

  private static TwinRepository analyse(Class<?> repository) {
    List<Method> methods = queryMethods(repository);
    boolean twin = methods.stream().anyMatch(MethodBridge::usesSpringTypes);
    List<String> problems = new ArrayList<>();
    Map<Method, MethodBridge> bridges = new LinkedHashMap<>();
    int index = 0;
    for (Method method : methods) {
      MethodBridge bridge =
          twin && MethodBridge.usesSpringTypes(method)
              ? MethodBridge.of(repository, method, index++, problems)
              : MethodBridge.plain(repository, method);
      if (bridge != null) {
        bridges.put(method, bridge);
      }
    }
    Class<?> rowanType = twin ? define(repository, bridges.values()) : repository;
    bridges.values().forEach(bridge -> bridge.bind(rowanType));
    return new TwinRepository(repository, rowanType, Map.copyOf(bridges), List.copyOf(problems));
  }

  /**
   * The abstract methods of {@code repository} other than {@code HBaseRepository}'s own, one per
   * signature (the most specific declaration), in a stable order.
   */
  private static List<Method> queryMethods(Class<?> repository) {
    Map<String, Method> methods = new LinkedHashMap<>();
    for (Method method : repository.getMethods()) {
      if (!Modifier.isAbstract(method.getModifiers())
          || method.isBridge()
          || method.isSynthetic()
          || method.getDeclaringClass() == HBaseRepository.class) {
        continue;
      }
      String signature = method.getName() + Arrays.toString(method.getParameterTypes());
      methods.merge(
          signature,
          method,
          (a, b) -> a.getDeclaringClass().isAssignableFrom(b.getDeclaringClass()) ? b : a);
    }
    List<Method> sorted = new ArrayList<>(methods.values());
    sorted.sort(Comparator.comparing(Method::toGenericString));
    return sorted;
  }

  private static Class<?> define(Class<?> repository, Iterable<MethodBridge> bridges) {
    Class<?> entity =
        ResolvableType.forClass(repository).as(HBaseRepository.class).resolveGeneric(0);
    DynamicType.Builder<?> builder =
        new ByteBuddy()
            .makeInterface(
                TypeDescription.Generic.Builder.parameterizedType(
                        TypeDescription.ForLoadedType.of(HBaseRepository.class),
                        TypeDescription.ForLoadedType.of(entity))
                    .build())
            .name(repository.getName() + SUFFIX)
            .annotateType(
                AnnotationDescription.Builder.ofType(ObservedAs.class)
                    .define("value", repository.getSimpleName())
                    .build());
    for (MethodBridge bridge : bridges) {
      DynamicType.Builder.MethodDefinition.ParameterDefinition<?> method =
          builder.defineMethod(
              bridge.twinName(),
              describe(
                  Objects.requireNonNull(
                      bridge.twinResult(), "a bridge of a query method has a result")),
              Visibility.PUBLIC);
      for (int i = 0; i < bridge.twinParameters().size(); i++) {
        method =
            method.withParameter(
                describe(bridge.twinParameters().get(i)), bridge.twinParameterNames().get(i));
      }
      builder =
          method
              .withoutCode()
              .annotateMethod(bridge.method().getDeclaredAnnotations())
              .annotateMethod(
                  AnnotationDescription.Builder.ofType(ObservedAs.class)
                      .define("value", bridge.method().getName())
                      .build());
    }
    ClassLoadingStrategy<ClassLoader> strategy;
    try {
      strategy =
          ClassLoadingStrategy.UsingLookup.of(
              MethodHandles.privateLookupIn(repository, MethodHandles.lookup()));
    } catch (IllegalAccessException closed) {
      strategy =
          ClassLoadingStrategy.Default
              .WRAPPER; // a package not open to Rowan: its public types only
    }
    return builder.make().load(repository.getClassLoader(), strategy).getLoaded();
  }

  /**
   * Byte Buddy's description of {@code type}, its type arguments resolved as the repository binds
   * them.
   */
  private static TypeDefinition describe(ResolvableType type) {
    if (type.isArray()) {
      return TypeDescription.Generic.Builder.of(describe(type.getComponentType()).asGenericType())
          .asArray()
          .build();
    }
    Class<?> raw = type.toClass();
    if (!type.hasGenerics() || raw.getTypeParameters().length != type.getGenerics().length) {
      return TypeDescription.ForLoadedType.of(raw);
    }
    List<TypeDefinition> arguments = new ArrayList<>();
    for (ResolvableType argument : type.getGenerics()) {
      arguments.add(describe(argument));
    }
    return TypeDescription.Generic.Builder.parameterizedType(
            TypeDescription.ForLoadedType.of(raw), arguments)
        .build();
  }

  /** The repository interface. */
  Class<?> repository() {
    return repository;
  }

  /** The type Rowan builds: the twin, or the interface itself. */
  Class<?> rowanType() {
    return rowanType;
  }

  /** Whether Rowan builds a twin rather than the interface. */
  boolean twinned() {
    return rowanType != repository;
  }

  /** The bridge of the interface's {@code method}, or null when it is not a query method of it. */
  @Nullable MethodBridge bridge(Method method) {
    return bridges.get(method);
  }

  /** The bridges of the methods named {@code name}. */
  List<MethodBridge> bridges(String name) {
    return bridges.values().stream()
        .filter(bridge -> bridge.method().getName().equals(name))
        .toList();
  }

  /**
   * Every reason a method cannot be served as Spring Data's types ask, one sentence each naming it.
   */
  List<String> problems() {
    return problems;
  }

  /**
   * {@code text} (a problem, a refusal, a plan) with the twin's names replaced by the interface's.
   */
  @Nullable String translate(@Nullable String text) {
    if (!twinned() || text == null) {
      return text;
    }
    String translated = text;
    for (MethodBridge bridge : bridges.values()) {
      if (!bridge.twinName().equals(bridge.method().getName())) {
        translated = translated.replace(bridge.twinName(), bridge.method().getName());
      }
    }
    return translated
        .replace(rowanType.getName(), repository.getName())
        .replace(rowanType.getSimpleName(), repository.getSimpleName());
  }
}
