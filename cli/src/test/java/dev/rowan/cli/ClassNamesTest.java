package dev.rowan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** Class names on the command line, loaded where the user's jars are. */
class ClassNamesTest {

  @Test
  void loadsAClassFromTheThreadsContextClassLoaderWhereTheUsersJarsAre() throws Exception {
    URL classes = ClassNamesTest.class.getProtectionDomain().getCodeSource().getLocation();
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    try (URLClassLoader users = new URLClassLoader(new URL[] {classes}, null)) {
      thread.setContextClassLoader(users);

      Class<?> entity = ClassNames.load("dev.rowan.cli.fixtures.Order");

      assertSame(users, entity.getClassLoader());
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  @Test
  void asksForTheFullNameOfAClassGivenWithoutPackage() {
    TypeConversionException e = assertThrows(TypeConversionException.class, () -> ClassNames.load("Order"));

    assertEquals("no class Order on the class path (give the full name, with its package)", e.getMessage());
  }
}
