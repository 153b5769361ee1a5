package dev.rowan.spring.boot.test;

import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/** Keeps components out of a {@link DataRowanTest} context, except those its filters include. */
final class DataRowanTypeExcludeFilter
    extends StandardAnnotationCustomizableTypeExcludeFilter<DataRowanTest> {

  DataRowanTypeExcludeFilter(Class<?> testClass) {
    super(testClass);
  }
}
