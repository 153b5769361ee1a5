package dev.rowan.cli;

import picocli.CommandLine.TypeConversionException;

/** Loads the entity and repository classes named on the command line from the class path. */
final class ClassNames {

  private ClassNames() {}

  static Class<?> load(String name) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try {
      return Class.forName(
          name, false, loader == null ? ClassNames.class.getClassLoader() : loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new TypeConversionException(
          "no class "
              + name
              + " on the class path"
              + (name.contains(".") ? "" : " (give the full name, with its package)"));
    }
  }
}
