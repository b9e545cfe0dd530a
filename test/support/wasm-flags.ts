/**
 * Node's flags for the short-lived processes the tests start that open PGlite (the emulator CLIs, the adapter's child
 * processes, the package stage's Node scripts): `--liftoff-only` keeps V8 from compiling PGlite's WebAssembly a
 * second time with its optimizing compiler, about 0.4-1 s of CPU per process that a start and a few queries never win
 * back (the `emulator` stage's 26 CLIs 21.7 -> 11.8 s of CPU). The stages' workers keep V8's defaults: their
 * thousands of queries do win it back (measured even). What the tests check does not depend on the compiler tier.
 */
export const PGLITE_NODE_FLAGS = ["--liftoff-only"];
