package dev.rowan.spring.support;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Window;

/**
 * How one query method of a repository interface is served by a method of its Rowan twin ({@link
 * TwinRepository}): which twin method (its name, parameters and result), how the call's Spring Data
 * arguments become Rowan's, and how Rowan's result becomes the declared one. Decided once, when the
 * repository is created; a method that cannot be served adds a problem naming it.
 *
 * <ul>
 *   <li>{@code Sort} and {@code Limit} of Spring Data become Rowan's {@code Sort} and {@code
 *       Limit}.
 *   <li>A {@code ScrollPosition} with a {@code Window<T>} result becomes a {@code PageRequest} with
 *       a {@code Page<T>} result: the position's keyset is Rowan's page token, the size is the
 *       {@code Limit} argument or the name's {@code First}/{@code Top} n (the smaller of both).
 *   <li>A {@code Pageable} with a {@code Slice<T>} or {@code List<T>} result becomes a {@code
 *       PageRequest}: page 0, or a page that Rowan returned ({@link RowanPageable}).
 * </ul>
 *
 * A paged twin method drops the name's {@code First}/{@code Top} n (Rowan reads it as the most
 * results of all pages); every converted method's twin name carries {@code Rowan<index>} in its
 * subject, which Rowan ignores, so that no two twin methods collide.
 *
 * <p>Thread-safety: immutable once {@link #bind bound}.
 */
final class MethodBridge {

  /** How a method's results are converted. */
  enum Kind {
    /** No Spring Data type: Rowan's method as declared. */
    PLAIN,
    /** Spring Data's {@code Sort} or {@code Limit} parameters, converted. */
    CONVERTED,
    /** {@code Window<T>} with a {@code ScrollPosition}. */
    WINDOW,
    /** {@code Slice<T>} with a {@code Pageable}. */
    SLICE,
    /** {@code List<T>} with a {@code Pageable}. */
    LIST
  }

  private static final Pattern PREFIX =
      Pattern.compile("(find|read|get|query|stream|count|exists|delete|remove)(?!\\p{Ll})");
  private static final Set<String> FINDS = Set.of("find", "read", "get", "query", "stream");
  private static final Pattern BY = Pattern.compile("(Order)?By(?!\\p{Ll})");
  private static final Pattern LIMIT = Pattern.compile("(First|Top)(\\d*+)(?!\\p{Ll})");
  private static final Set<Class<?>> LISTS = Set.of(List.class);

  private final Method method;
  private final String name;
  private final Kind kind;
  private final String twinName;
  private final int[] copied;
  private final int sortAt;
  private final int limitAt;

  /** The index of the ScrollPosition or Pageable, or -1. */
  private final int positionAt;

  /** The name's First/Top n of a paged method, or 0. */
  private final int nameSize;

  private final List<ResolvableType> twinParameters;
  private final List<String> twinParameterNames;
  private final @Nullable ResolvableType twinResult;
  private @Nullable Method twin;

  private MethodBridge(
      Method method,
      String name,
      Kind kind,
      String twinName,
      int[] copied,
      int sortAt,
      int limitAt,
      int positionAt,
      int nameSize,
      List<ResolvableType> twinParameters,
      List<String> twinParameterNames,
      ResolvableType twinResult) {
    this.method = method;
    this.name = name;
    this.kind = kind;
    this.twinName = twinName;
    this.copied = copied;
    this.sortAt = sortAt;
    this.limitAt = limitAt;
    this.positionAt = positionAt;
    this.nameSize = nameSize;
    this.twinParameters = twinParameters;
    this.twinParameterNames = twinParameterNames;
    this.twinResult = twinResult;
  }

  /**
   * The bridge of {@code method}, which uses no type of Spring Data's: Rowan's method as declared.
   */
  static MethodBridge plain(Class<?> repository, Method method) {
    List<ResolvableType> parameters = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Parameter[] declared = method.getParameters();
    for (int i = 0; i < declared.length; i++) {
      parameters.add(ResolvableType.forMethodParameter(method, i, repository));
      names.add(parameterName(declared[i], i));
    }
    return new MethodBridge(
        method,
        repository.getSimpleName() + "." + method.getName(),
        Kind.PLAIN,
        method.getName(),
        new int[0],
        -1,
        -1,
        -1,
        0,
        List.copyOf(parameters),
        List.copyOf(names),
        ResolvableType.forMethodReturnType(method, repository));
  }

  /**
   * Whether {@code method} declares a parameter or result of Spring Data's that Rowan does not
   * know.
   */
  static boolean usesSpringTypes(Method method) {
    for (Class<?> type : method.getParameterTypes()) {
      if (special(type) != null) {
        return true;
      }
    }
    Class<?> result = method.getReturnType();
    return result == Window.class || Slice.class.isAssignableFrom(result);
  }

  /**
   * "Sort", "Limit", "ScrollPosition" or "Pageable" for a parameter type of Spring Data's, else
   * null.
   */
  private static @Nullable String special(Class<?> type) {
    return org.springframework.data.domain.Sort.class.isAssignableFrom(type)
        ? "Sort"
        : org.springframework.data.domain.Limit.class.isAssignableFrom(type)
            ? "Limit"
            : ScrollPosition.class.isAssignableFrom(type)
                ? "ScrollPosition"
                : Pageable.class.isAssignableFrom(type) ? "Pageable" : null;
  }

  /**
   * The bridge of {@code method} of {@code repository}, the {@code index}th method converted; or
   * null after adding to {@code problems} every reason it cannot be served.
   */
  static @Nullable MethodBridge of(
      Class<?> repository, Method method, int index, List<String> problems) {
    String name = repository.getSimpleName() + "." + method.getName();
    int before = problems.size();
    Class<?>[] types = method.getParameterTypes();
    int sortAt = -1;
    int limitAt = -1;
    int scrollAt = -1;
    int pageableAt = -1;
    List<Integer> copied = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      String special = special(types[i]);
      if (special == null) {
        copied.add(i);
        continue;
      }
      int previous =
          switch (special) {
            case "Sort" -> sortAt;
            case "Limit" -> limitAt;
            case "ScrollPosition" -> scrollAt;
            default -> pageableAt;
          };
      if (previous >= 0) {
        problems.add(name + ": takes two " + special + " parameters; declare one");
      }
      switch (special) {
        case "Sort" -> sortAt = i;
        case "Limit" -> limitAt = i;
        case "ScrollPosition" -> scrollAt = i;
        default -> pageableAt = i;
      }
    }
    Class<?> result = method.getReturnType();
    String declared = method.getGenericReturnType().getTypeName();
    if (org.springframework.data.domain.Page.class.isAssignableFrom(result)) {
      problems.add(
          name
              + ": returns "
              + declared
              + ", whose total count and page numbers need every match counted"
              + " and offsets skipped; declare Slice<T> (with a Pageable) or Window<T> (with a ScrollPosition): both"
              + " continue by keyset");
    } else if (scrollAt >= 0 && pageableAt >= 0) {
      problems.add(name + ": takes a ScrollPosition and a Pageable; declare one");
    } else if (scrollAt >= 0 && result != Window.class) {
      problems.add(
          name + ": takes a ScrollPosition but returns " + declared + "; declare Window<T>");
    } else if (result == Window.class && scrollAt < 0) {
      problems.add(
          name
              + ": returns "
              + declared
              + " but takes no ScrollPosition; add a ScrollPosition parameter"
              + " (start with ScrollPosition.keyset())");
    } else if (pageableAt >= 0 && result != Slice.class && !LISTS.contains(result)) {
      problems.add(
          name + ": takes a Pageable but returns " + declared + "; declare Slice<T> or List<T>");
    } else if (Slice.class.isAssignableFrom(result) && pageableAt < 0) {
      problems.add(
          name + ": returns " + declared + " but takes no Pageable; add a Pageable parameter");
    }
    boolean paged = scrollAt >= 0 || pageableAt >= 0;
    if (pageableAt >= 0 && (sortAt >= 0 || limitAt >= 0)) {
      problems.add(
          name
              + ": takes a Pageable and a "
              + (sortAt >= 0 ? "Sort" : "Limit")
              + "; the Pageable's size is"
              + " the page's, and the order of pages is the name's OrderBy");
    }
    if (scrollAt >= 0 && sortAt >= 0) {
      problems.add(
          name
              + ": takes a ScrollPosition and a Sort; a window's order is the name's OrderBy, in which"
              + " Rowan's keyset positions continue; drop the Sort");
    }
    Matcher prefix = PREFIX.matcher(method.getName());
    Matcher by = BY.matcher(method.getName());
    if (!prefix.lookingAt() || !by.region(prefix.end(), method.getName().length()).find()) {
      problems.add(
          name
              + ": a query method name reads <prefix>[<subject>]By<predicate>, with a prefix of find,"
              + " read, get, query, stream, count, exists, delete or remove");
      return null;
    }
    String subject = method.getName().substring(prefix.end(), by.start());
    int nameSize = 0;
    if (paged) {
      Matcher limit = LIMIT.matcher(subject);
      if (limit.lookingAt()) {
        nameSize = limit.group(2).isEmpty() ? 1 : Integer.parseInt(limit.group(2));
        subject = subject.substring(limit.end());
      }
      if (!FINDS.contains(prefix.group(1))) {
        problems.add(
            name + ": only a find method returns " + (scrollAt >= 0 ? "windows" : "slices"));
      }
      if (scrollAt >= 0 && limitAt < 0 && nameSize == 0) {
        problems.add(
            name
                + ": a window needs a size: add a Limit parameter, or name it "
                + prefix.group(1)
                + "First<n>By...");
      }
    }
    if (problems.size() > before) {
      return null;
    }
    Kind kind =
        scrollAt >= 0
            ? Kind.WINDOW
            : pageableAt >= 0
                ? (result == Slice.class ? Kind.SLICE : Kind.LIST)
                : sortAt >= 0 || limitAt >= 0 ? Kind.CONVERTED : Kind.PLAIN;
    List<ResolvableType> parameters = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Parameter[] declaredParameters = method.getParameters();
    for (int i : copied) {
      parameters.add(ResolvableType.forMethodParameter(method, i, repository));
      names.add(parameterName(declaredParameters[i], i));
    }
    if (sortAt >= 0) {
      parameters.add(ResolvableType.forClass(Sort.class));
      names.add(parameterName(declaredParameters[sortAt], sortAt));
    }
    if (limitAt >= 0 && !paged) {
      parameters.add(ResolvableType.forClass(Limit.class));
      names.add(parameterName(declaredParameters[limitAt], limitAt));
    }
    int positionAt = paged ? Math.max(scrollAt, pageableAt) : -1;
    if (paged) {
      parameters.add(ResolvableType.forClass(PageRequest.class));
      names.add(parameterName(declaredParameters[positionAt], positionAt));
    }
    ResolvableType returned = ResolvableType.forMethodReturnType(method, repository);
    ResolvableType twinResult = returned;
    if (paged) {
      ResolvableType element = returned.getGeneric(0);
      twinResult =
          ResolvableType.forClassWithGenerics(
              Page.class,
              element.resolve() == null ? ResolvableType.forClass(entity(repository)) : element);
    }
    String twinName =
        kind == Kind.PLAIN
            ? method.getName()
            : prefix.group(1) + subject + "Rowan" + index + method.getName().substring(by.start());
    return new MethodBridge(
        method,
        name,
        kind,
        twinName,
        copied.stream().mapToInt(Integer::intValue).toArray(),
        sortAt,
        limitAt,
        positionAt,
        nameSize,
        List.copyOf(parameters),
        List.copyOf(names),
        twinResult);
  }

  private static Class<?> entity(Class<?> repository) {
    Class<?> entity =
        ResolvableType.forClass(repository).as(HBaseRepository.class).resolveGeneric(0);
    return entity == null ? Object.class : entity;
  }

  private static String parameterName(Parameter parameter, int index) {
    return parameter.isNamePresent() ? parameter.getName() : "arg" + index;
  }

  Method method() {
    return method;
  }

  Kind kind() {
    return kind;
  }

  String twinName() {
    return twinName;
  }

  List<ResolvableType> twinParameters() {
    return twinParameters;
  }

  List<String> twinParameterNames() {
    return twinParameterNames;
  }

  @Nullable ResolvableType twinResult() {
    return twinResult;
  }

  /** Binds the bridge to the method of {@code rowanType} that serves it. */
  void bind(Class<?> rowanType) {
    Class<?>[] types =
        twinParameters.stream().map(ResolvableType::toClass).toArray(Class<?>[]::new);
    try {
      twin =
          method.getDeclaringClass().isAssignableFrom(rowanType)
              ? method
              : rowanType.getMethod(twinName, types);
      twin.trySetAccessible();
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(rowanType.getName() + " lacks " + twinName, e);
    }
  }

  /**
   * Calls the Rowan method on {@code target} with {@code args} converted, and converts its result.
   *
   * @throws IllegalArgumentException naming the method when an argument of Spring Data's cannot be
   *     served
   * @throws Throwable what Rowan's method throws
   */
  Object invoke(Object target, Object[] args) throws Throwable {
    if (kind == Kind.PLAIN) {
      return call(target, args);
    }
    Object[] converted = new Object[twinParameters.size()];
    int at = 0;
    for (int i : copied) {
      converted[at++] = args[i];
    }
    if (sortAt >= 0) {
      converted[at++] =
          SpringParameters.sort(name, (org.springframework.data.domain.Sort) args[sortAt]);
    }
    if (kind == Kind.CONVERTED) {
      if (limitAt >= 0) {
        converted[at] =
            SpringParameters.limit((org.springframework.data.domain.Limit) args[limitAt]);
      }
      return call(target, converted);
    }
    return kind == Kind.WINDOW
        ? window(target, args, converted, at)
        : slice(target, args, converted, at);
  }

  private Object window(Object target, Object[] args, Object[] converted, int at) throws Throwable {
    byte[] start = SpringParameters.token(name, (ScrollPosition) args[positionAt]);
    int size = nameSize;
    if (limitAt >= 0) {
      org.springframework.data.domain.Limit limit =
          (org.springframework.data.domain.Limit) args[limitAt];
      if (limit == null) {
        throw new IllegalArgumentException(
            name + ": the Limit is null; pass Limit.of(n), the size of the window");
      }
      if (limit.isLimited()) {
        size = size == 0 ? limit.max() : Math.min(size, limit.max());
      } else if (size == 0) {
        throw new IllegalArgumentException(
            name + ": a window needs a size; pass Limit.of(n), not Limit.unlimited()");
      }
    }
    if (size == 0
        || start != null
            && start.length == 0) { // Limit.of(0), or the position after the last window
      return Window.from(
          List.of(),
          i -> {
            throw new IndexOutOfBoundsException(i);
          },
          false);
    }
    converted[at] = new PageRequest(size, start);
    Page<?> page = (Page<?>) call(target, converted);
    List<?> content = page.content();
    byte[] next =
        page.hasNext()
            ? Objects.requireNonNull(page.next(), "a page with a next asks for it").continuation()
            : new byte[0];
    return Window.from(content, i -> position(content.size(), i, next), page.hasNext());
  }

  private ScrollPosition position(int size, int index, byte @Nullable [] next) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("index " + index + " of a window of " + size);
    }
    if (index < size - 1) {
      throw new IllegalStateException(
          name
              + ": Rowan knows the keyset position after a window's last element"
              + " only; continue from positionAt(size() - 1), or read a window of "
              + (index + 1)
              + " (a Limit)");
    }
    return SpringParameters.position(next);
  }

  private Object slice(Object target, Object[] args, Object[] converted, int at) throws Throwable {
    Pageable pageable = (Pageable) args[positionAt];
    if (pageable == null || pageable.isUnpaged()) {
      throw new IllegalArgumentException(
          name
              + ": the Pageable is "
              + (pageable == null ? "null" : "unpaged")
              + "; pass PageRequest.of(0, size), then slice.nextPageable()");
    }
    if (pageable.getSort().isSorted()) {
      throw new IllegalArgumentException(
          name
              + ": the Pageable sorts by "
              + pageable.getSort()
              + "; the order of"
              + " Rowan's pages is the method's own (OrderBy in its name): pass an unsorted Pageable");
    }
    byte[] start = pageable instanceof RowanPageable rowans ? rowans.start() : null;
    if (start == null && pageable.getPageNumber() > 0) {
      throw new IllegalArgumentException(
          name
              + ": page "
              + pageable.getPageNumber()
              + " of a Pageable that Rowan"
              + " did not return would need an offset scan; continue with slice.nextPageable() from page 0, or declare"
              + " a ScrollPosition parameter and return Window<T>");
    }
    int size = nameSize == 0 ? pageable.getPageSize() : Math.min(nameSize, pageable.getPageSize());
    converted[at] = new PageRequest(size, start);
    Page<?> page = (Page<?>) call(target, converted);
    if (kind == Kind.LIST) {
      return page.content();
    }
    RowanPageable current =
        new RowanPageable(
            pageable.getPageNumber(),
            pageable.getPageSize(),
            start,
            page.hasNext()
                ? Objects.requireNonNull(page.next(), "a page with a next asks for it")
                    .continuation()
                : null);
    return new SliceImpl<>(page.content(), current, page.hasNext());
  }

  private Object call(Object target, Object[] args) throws Throwable {
    try {
      return Objects.requireNonNull(twin, "the factory binds each bridge before any call")
          .invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Override
  public String toString() {
    return name + " -> " + twinName + " (" + kind + ")";
  }
}
