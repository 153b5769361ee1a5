package dev.rowan.it.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.it.house.LayerRules.Source;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No public signature of an API or SPI type names an internal type (docs/architecture.md, "API,
 * SPI and internal"): what users can call never hands them, or asks them for, a type that may
 * change in any release. Checked by reflection over every public type of the published modules'
 * API and SPI packages: their public and protected methods, constructors and fields, with every
 * type argument, bound and exception, and their public nested types.
 */
class ApiSignaturesTest {

  /**
   * The published modules built on Spring, whose types this module's class path (HBase's SLF4J 1.7
   * and log4j2, no Spring) cannot load; their API is what Spring Data and Boot ask for.
   */
  private static final java.util.Set<String> SPRING = java.util.Set.of("spring", "spring-boot-starter",
      "spring-boot-test");

  @Test
  void noPublicSignatureOfAnApiTypeNamesAnInternalType() throws ClassNotFoundException {
    List<String> leaks = new ArrayList<>();
    int checked = 0;
    for (Source source : HouseRulesTest.mainSources()) {
      if (!HouseRulesTest.PUBLISHED.contains(source.module()) || SPRING.contains(source.module())
          || source.path().endsWith("package-info.java")) {
        continue;
      }
      String name = className(source);
      if (internal(packageOf(name))) {
        continue;
      }
      Class<?> type = Class.forName(name, false, getClass().getClassLoader());
      if (Modifier.isPublic(type.getModifiers())) {
        checked += check(type, leaks);
      }
    }
    assertTrue(checked > 50, "the public API types were found: " + checked);
    assertEquals(List.of(), leaks, "public signatures of API types that name internal types");
  }

  @Test
  void aSignatureThatNamesAnInternalTypeIsFound() {
    List<String> leaks = new ArrayList<>();
    check(Leaky.class, leaks);
    assertEquals(List.of(
        "dev.rowan.it.house.ApiSignaturesTest$Leaky.store(): dev.rowan.core.internal.repository.EntityStore",
        "dev.rowan.it.house.ApiSignaturesTest$Leaky.stores(): dev.rowan.core.internal.repository.EntityStore"), leaks.stream().sorted().toList());
  }

  /** An API type as it must not be: public methods that hand out an internal type. */
  public abstract static class Leaky {
    public abstract dev.rowan.core.internal.repository.EntityStore<String> store();

    public abstract List<? extends dev.rowan.core.internal.repository.EntityStore<?>> stores();

    abstract dev.rowan.core.internal.repository.EntityStore<String> packagePrivateIsFine();
  }

  /** Checks {@code type} and its public nested types; returns how many types it checked. */
  private static int check(Class<?> type, List<String> leaks) {
    int checked = 1;
    for (Method method : type.getDeclaredMethods()) {
      if (visible(method) && !method.isSynthetic() && !method.isBridge()) {
        List<Type> types = new ArrayList<>(List.of(method.getGenericReturnType()));
        types.addAll(List.of(method.getGenericParameterTypes()));
        types.addAll(List.of(method.getGenericExceptionTypes()));
        report(type, method.getName() + "()", types, leaks);
      }
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (visible(constructor) && !constructor.isSynthetic()) {
        List<Type> types = new ArrayList<>(List.of(constructor.getGenericParameterTypes()));
        types.addAll(List.of(constructor.getGenericExceptionTypes()));
        report(type, "<init>()", types, leaks);
      }
    }
    for (Field field : type.getDeclaredFields()) {
      if (visible(field) && !field.isSynthetic()) {
        report(type, field.getName(), List.of(field.getGenericType()), leaks);
      }
    }
    report(type, "extends", List.of(type.getGenericSuperclass() == null ? Object.class : type.getGenericSuperclass()),
        leaks);
    report(type, "implements", List.of(type.getGenericInterfaces()), leaks);
    for (Class<?> nested : type.getDeclaredClasses()) {
      if (Modifier.isPublic(nested.getModifiers())) {
        checked += check(nested, leaks);
      }
    }
    return checked;
  }

  private static boolean visible(Member member) {
    int modifiers = member.getModifiers();
    boolean inInterface = member.getDeclaringClass().isInterface() && !Modifier.isPrivate(modifiers);
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers) || inInterface && member instanceof Executable;
  }

  private static void report(Class<?> owner, String member, List<Type> types, List<String> leaks) {
    for (Type type : types) {
      for (Class<?> named : named(type, new ArrayList<>())) {
        if (named.getPackage() != null && internal(named.getPackageName())) {
          leaks.add(owner.getName() + "." + member + ": " + named.getName());
        }
      }
    }
  }

  /** Every class {@code type} names: itself, its type arguments, bounds and components. */
  private static List<Class<?>> named(Type type, List<TypeVariable<?>> seen) {
    List<Class<?>> classes = new ArrayList<>();
    if (type instanceof Class<?> c) {
      classes.add(c.isArray() ? c.getComponentType() : c);
    } else if (type instanceof ParameterizedType p) {
      classes.addAll(named(p.getRawType(), seen));
      for (Type argument : p.getActualTypeArguments()) {
        classes.addAll(named(argument, seen));
      }
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        classes.addAll(named(bound, seen));
      }
      for (Type bound : w.getLowerBounds()) {
        classes.addAll(named(bound, seen));
      }
    } else if (type instanceof GenericArrayType a) {
      classes.addAll(named(a.getGenericComponentType(), seen));
    } else if (type instanceof TypeVariable<?> v && !seen.contains(v)) {
      seen.add(v);
      for (Type bound : v.getBounds()) {
        classes.addAll(named(bound, seen));
      }
    }
    return classes;
  }

  private static boolean internal(String pkg) {
    return pkg.startsWith("dev.rowan") && (Set.of(pkg.split("\\.")).contains("internal")
        || LayerRules.INTERNAL_BY_NAME.contains(pkg));
  }

  private static String className(Source source) {
    String path = source.path().replace('\\', '/');
    String relative = path.substring(path.indexOf("src/main/java/") + "src/main/java/".length());
    return relative.substring(0, relative.length() - ".java".length()).replace('/', '.');
  }

  private static String packageOf(String className) {
    return className.substring(0, className.lastIndexOf('.'));
  }
}
