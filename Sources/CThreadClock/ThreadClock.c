// JavaScriptCore's watchdog (armed for the time limit) reads the thread's CPU time each time JavaScript
// is entered, to set its next deadline. On Linux that clock has no fast path: each read is a system call,
// a tenth of an expression's whole cost when a flow evaluates one per action. The jasonrun executable
// exports this definition (Package.swift), so the library, opened later, binds to it: the thread's CPU
// clock is answered from the coarse monotonic one (a few milliseconds' resolution), which is read without
// entering the kernel or the time stamp counter. The watchdog then only asks our guard a little sooner or
// later, and more often on a loaded machine; the guard measures the limit itself.
//
// This is the one place that says so: the override is process-wide, so every library in the jasonrun
// executable that asks for CLOCK_THREAD_CPUTIME_ID gets coarse monotonic time. Only JavaScriptCore does (no
// package jasonrun links names that clock; Sources/JasonScript/RunawayWatch.swift reads the thread's
// CPU time by the thread's own clock id, pthread_getcpuclockid, which is passed through untouched).
// It lives in the executable only: a Swift host embedding JasonRuntime keeps its system's clock.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_function)(clockid_t, struct timespec *);

static _Atomic(clock_function) system_clock;

static int clock_by_system_call(clockid_t clock, struct timespec *time) {
    return (int)syscall(SYS_clock_gettime, clock, time);
}

int clock_gettime(clockid_t clock, struct timespec *time) {
    clock_function read = atomic_load_explicit(&system_clock, memory_order_relaxed);
    if (!read) {
        read = (clock_function)dlsym(RTLD_NEXT, "clock_gettime");
        if (!read) read = clock_by_system_call;
        atomic_store_explicit(&system_clock, read, memory_order_relaxed);
    }
    return read(clock == CLOCK_THREAD_CPUTIME_ID ? CLOCK_MONOTONIC_COARSE : clock, time);
}
