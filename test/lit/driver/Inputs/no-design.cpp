int twice(int x) { return 2 * x; } // no #pragma t2s: nothing to report
