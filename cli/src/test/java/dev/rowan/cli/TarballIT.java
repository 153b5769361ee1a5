package dev.rowan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tarball that {@code mvn package} builds, unpacked into an empty directory with Java's own
 * tools and run as a user runs it: {@code bin/rowan} in its own process, with an empty home
 * directory, no source tree and no Maven repository on its class path.
 */
class TarballIT {

  @TempDir static Path root;
  static Path home;
  static String version;

  /** What one run of bin/rowan printed and returned. */
  record Run(int status, String out, String err) {}

  @BeforeAll
  static void unpack() throws IOException {
    version = System.getProperty("rowan.version");
    Path tarball = Path.of(System.getProperty("rowan.tarball"));
    Path install = Files.createDirectory(root.resolve("install"));
    try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(tarball)))) {
      Tar.unpack(in, install);
    }
    home = install.resolve("rowan-" + version);
  }

  @Test
  void unpacksToBinLibAndConfWithAnExecutableScript() throws IOException {
    assertTrue(Files.isExecutable(home.resolve("bin/rowan")), "bin/rowan is executable");
    assertTrue(Files.isRegularFile(home.resolve("lib/rowan-cli-" + version + ".jar")));
    assertTrue(Files.isRegularFile(home.resolve("lib/rowan-mapreduce-" + version + ".jar")));
    assertTrue(Files.isRegularFile(home.resolve("conf/log4j2.properties")));
    assertTrue(Files.readString(home.resolve("conf/README")).contains("mapred-site.xml"));
  }

  @Test
  void printsItsHelpListingEveryCommand() throws Exception {
    Run help = rowan("--help");

    assertEquals(0, help.status(), help.err());
    assertTrue(help.out().startsWith("Usage: rowan [-hvV]"), help.out());
    for (String command : List.of("schema", "explain", "load", "views", "regions")) {
      assertTrue(help.out().lines().anyMatch(line -> line.strip().startsWith(command + " ")),
          command + " in:\n" + help.out());
    }
    assertTrue(help.out().contains("--config=file|dir"), help.out());
  }

  @Test
  void printsTheVersionOfTheBuild() throws Exception {
    Run run = rowan("--version");

    assertEquals(0, run.status(), run.err());
    assertEquals("rowan " + version + "\n", run.out());
  }

  @Test
  void offersLocalOnTheLoadCommand() throws Exception {
    Run help = rowan("load", "--help");

    assertEquals(0, help.status(), help.err());
    assertTrue(help.out().contains("--local"), help.out());
  }

  private static Run rowan(String... args) throws IOException, InterruptedException {
    Path userHome = Files.createTempDirectory(root, "home");
    Path work = Files.createTempDirectory(root, "cwd");
    ProcessBuilder builder = new ProcessBuilder();
    builder.command().add(home.resolve("bin/rowan").toString());
    builder.command().addAll(List.of(args));
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("ROWAN_") || name.equals("CLASSPATH"));
    env.put("HOME", userHome.toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("ROWAN_JAVA_OPTS", "-Xmx256m -Duser.home=" + userHome);
    Path out = root.resolve("out-" + System.nanoTime());
    Path err = root.resolve("err-" + System.nanoTime());
    Process process = builder.directory(work.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
        .start();
    int status = process.waitFor();
    return new Run(status, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  /** A reader of the POSIX tar format, enough for the tarball the assembly plugin writes. */
  static final class Tar {

    private Tar() {}

    static void unpack(InputStream in, Path target) throws IOException {
      String longName = null;
      byte[] header = new byte[512];
      while (in.readNBytes(header, 0, 512) == 512 && header[0] != 0) {
        String name = text(header, 0, 100);
        String prefix = text(header, 345, 155);
        if (!prefix.isEmpty()) {
          name = prefix + "/" + name;
        }
        int mode = (int) octal(header, 100, 8);
        long size = octal(header, 124, 12);
        char type = (char) header[156];
        byte[] data = in.readNBytes((int) size);
        in.readNBytes((int) ((512 - size % 512) % 512));
        if (type == 'x' || type == 'L') { // a PAX header or GNU long name for the next entry
          longName = type == 'L' ? text(data, 0, data.length) : paxPath(data);
          continue;
        }
        if (longName != null) {
          name = longName;
          longName = null;
        }
        Path file = target.resolve(name).normalize();
        if (!file.startsWith(target)) {
          throw new IOException("tar entry outside the target: " + name);
        }
        if (type == '5') {
          Files.createDirectories(file);
        } else if (type == '0' || type == 0) {
          Files.createDirectories(file.getParent());
          Files.write(file, data);
          Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions(mode)));
        }
      }
    }

    private static String paxPath(byte[] data) {
      for (String record : new String(data, StandardCharsets.UTF_8).split("\n")) {
        int equals = record.indexOf(" path=");
        if (equals >= 0) {
          return record.substring(equals + " path=".length());
        }
      }
      return null;
    }

    private static String permissions(int mode) {
      StringBuilder text = new StringBuilder();
      for (int shift = 6; shift >= 0; shift -= 3) {
        int bits = mode >> shift;
        text.append((bits & 4) != 0 ? 'r' : '-').append((bits & 2) != 0 ? 'w' : '-').append((bits & 1) != 0 ? 'x' : '-');
      }
      return text.toString();
    }

    private static String text(byte[] bytes, int offset, int length) {
      int end = offset;
      while (end < offset + length && bytes[end] != 0) {
        end++;
      }
      return new String(bytes, offset, end - offset, StandardCharsets.UTF_8);
    }

    private static long octal(byte[] bytes, int offset, int length) {
      String text = text(bytes, offset, length).strip();
      return text.isEmpty() ? 0 : Long.parseLong(text, 8);
    }
  }
}
