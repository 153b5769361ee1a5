package dev.rowan.spring.boot.test.sample;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application whose configuration the slice's tests find. */
@SpringBootApplication
public class SampleApplication {}
