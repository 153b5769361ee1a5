/**
 * A user's model, as the cluster test hands it to the jobs and the command line: the module's own
 * jar, named {@code orders-model.jar} in the test, plays the jar a user builds of their entity and
 * repository classes.
 */
@NullMarked
package com.example;

import org.jspecify.annotations.NullMarked;
