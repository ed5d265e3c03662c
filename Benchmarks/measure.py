#!/usr/bin/env python3
"""Runs a command RUNS times and prints the median wall time (ms) and the median peak resident memory
(MiB) of the whole process. The time is taken around a direct run (precise to the microsecond, where
/usr/bin/time prints hundredths of a second); the memory in a second run under /usr/bin/time, because a
child of this process would count Python's own pages as its peak (the kernel keeps the high-water mark
of the memory it had before exec). Usage: measure.py RUNS LABEL -- COMMAND..."""
import os, statistics, subprocess, sys, tempfile, time

runs, label = int(sys.argv[1]), sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
times, memory = [], []
with tempfile.NamedTemporaryFile("r") as report:
    for _ in range(runs):
        start = time.perf_counter()
        status = subprocess.call(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
        if status != 0:
            sys.exit(f"measure.py: {label}: exit status {status}: {' '.join(command)}")
        subprocess.call(["/usr/bin/time", "-f", "%M", "-o", report.name] + command,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        report.seek(0)
        memory.append(int(report.read().split()[-1]) / 1024)
print(f"{label:<44} {statistics.median(times):9.1f} ms {statistics.median(memory):8.1f} MiB")
