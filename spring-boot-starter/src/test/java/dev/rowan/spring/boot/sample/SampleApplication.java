package dev.rowan.spring.boot.sample;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application with nothing but the starter, its properties and a repository interface. */
@SpringBootApplication
public class SampleApplication {}
