// The front-end plugin takes no arguments; a stray one is an error, not ignored.
// RUN: %not %t2s-clangxx -fplugin-arg-t2s-verbose -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: error: unknown argument 'verbose' for the t2s plugin; it takes none
void f() {}
