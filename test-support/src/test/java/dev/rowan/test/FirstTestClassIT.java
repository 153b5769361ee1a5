package dev.rowan.test;

/** One of two test classes that share the in-process HBase; see {@link SharedClusterContract}. */
class FirstTestClassIT extends SharedClusterContract {}
