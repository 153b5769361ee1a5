package dev.rowan.mapreduce;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The job jar that {@code mvn package} attaches ({@code rowan-mapreduce-<version>-job.jar}, its
 * path in {@code rowan.jobJar}) carries Rowan and its relocated libraries, nothing of HBase's,
 * Hadoop's or anyone else's, and no main class that would swallow the class name given to
 * {@code hadoop jar}.
 */
class JobJarIT {

  private static final String SHADED = "dev/rowan/shaded/";

  private static Path jar;
  private static List<String> entries;

  @BeforeAll
  static void open() throws IOException {
    String path = System.getProperty("rowan.jobJar");
    assertNotNull(path, "rowan.jobJar is not set: run this test with failsafe after package");
    jar = Path.of(path);
    assertTrue(Files.isRegularFile(jar), "no job jar at " + jar);
    try (JarFile file = new JarFile(jar.toFile())) {
      entries = file.stream().map(JarEntry::getName).toList();
    }
  }

  @Test
  void holdsTheClassesOfEveryRowanModule() {
    for (String type : List.of("dev/rowan/mapreduce/BulkLoad", "dev/rowan/mapreduce/VerifyViews",
        "dev/rowan/mapreduce/RebuildViews", "dev/rowan/core/Rowan", "dev/rowan/index/ViewMaintainer",
        "dev/rowan/mapping/EntityModel")) {
      assertTrue(entries.contains(type + ".class"), type + " is not in " + jar);
    }
    assertTrue(entries.contains("dev/rowan/mapreduce/internal/job/container-jvm.properties"), jar.toString());
  }

  @Test
  void holdsCaffeineByteBuddyAndCommonsCsvRelocatedUnderRowansPackage() {
    for (String type : List.of("com/github/benmanes/caffeine/cache/Caffeine", "net/bytebuddy/ByteBuddy",
        "org/apache/commons/csv/CSVFormat")) {
      assertTrue(entries.contains(SHADED + type + ".class"), SHADED + type + " is not in " + jar);
    }
  }

  @Test
  void holdsNoClassOutsideRowansPackagesAndNoUnrelocatedCopy() {
    for (String entry : entries) {
      assertFalse(entry.startsWith("org/apache/"), entry);
      assertFalse(entry.contains("com/github/benmanes") && !entry.startsWith(SHADED), entry);
      assertFalse(entry.contains("net/bytebuddy") && !entry.startsWith(SHADED), entry);
      assertFalse(entry.endsWith(".class") && !entry.startsWith("dev/rowan/"), entry);
    }
  }

  @Test
  void rowansOwnClassesUseTheRelocatedLibraries() throws IOException {
    String submission = classText("dev/rowan/mapreduce/internal/job/JobSubmission.class");
    assertTrue(submission.contains(SHADED + "com/github/benmanes/caffeine/cache/Caffeine"), "JobSubmission");
    assertTrue(submission.contains(SHADED + "net/bytebuddy/ByteBuddy"), "JobSubmission");
    assertFalse(submission.contains("Lcom/github/benmanes") || submission.contains("\u0001com/github/benmanes"),
        "JobSubmission");
    String setup = classText("dev/rowan/mapreduce/internal/load/JobSetup.class");
    assertTrue(setup.contains(SHADED + "org/apache/commons/csv/CSVFormat"), "JobSetup");
  }

  @Test
  void namesNoMainClass() throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      assertNotNull(manifest, jar + " has no manifest");
      assertNull(manifest.getMainAttributes().get(Attributes.Name.MAIN_CLASS), jar.toString());
      assertEquals(null, manifest.getMainAttributes().getValue("Multi-Release"), jar.toString());
    }
  }

  private static String classText(String entry) throws IOException {
    try (JarFile file = new JarFile(jar.toFile()); InputStream in = file.getInputStream(file.getEntry(entry))) {
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }
}
