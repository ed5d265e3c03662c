// The jasonrun executable's clock_gettime (ThreadClock.c). Nothing to call: linking it in is the point.
// It lives in a target of its own, linked only into the executable, so that a host embedding the
// interpreter keeps its C library's clock.
