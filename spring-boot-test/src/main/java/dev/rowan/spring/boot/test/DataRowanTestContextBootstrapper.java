package dev.rowan.spring.boot.test;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Bootstraps the test context of {@link DataRowanTest}: reads its {@code properties}. */
final class DataRowanTestContextBootstrapper
    extends TestSliceTestContextBootstrapper<DataRowanTest> {}
