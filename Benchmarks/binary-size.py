#!/usr/bin/env python3
"""Where the release binary's bytes go: its sections, then its symbols by the module that defines them
(Swift symbols by the module in their mangled name, ICU's data and code, BoringSSL, other C and C++).
Generic code specialised for one of our types counts under the module of the generic (the standard
library's dictionaries, say). Run on demand, on an unstripped build:

    swift build -c release --static-swift-stdlib --product jasonrun
    Benchmarks/binary-size.py .build/release/jasonrun [ROWS]
"""
import collections
import re
import subprocess
import sys


def sections(binary):
    out = subprocess.run(["size", "-A", binary], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.startswith(".")]
    return sorted(((name, int(size)) for name, size, *_ in rows), key=lambda row: -row[1])


def module_of(name):
    if name.startswith(("$ss", "$sS")):
        return "Swift standard library"
    swift = re.match(r"\$s(\d+)([A-Za-z_]\w*)", name)
    if swift:
        return swift.group(2)[: int(swift.group(1))]
    if name.startswith("icudt"):
        return "ICU data (Foundation's)"
    if name.startswith("_ZN6icu_") or re.search(r"_7\d$", name):
        return "ICU code"
    if "BoringSSL" in name:
        return "BoringSSL"
    return "other C++" if name.startswith("_Z") else "other C"


def modules(binary):
    out = subprocess.run(["nm", "-S", binary], capture_output=True, text=True, check=True).stdout
    sizes = collections.Counter()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4:
            sizes[module_of(fields[3])] += int(fields[1], 16)
    return sizes


def main():
    binary = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    mib = 1 << 20
    for name, size in sections(binary)[:8]:
        print(f"{size / mib:8.2f} MiB  section {name}")
    sizes = modules(binary)
    ours = sum(size for module, size in sizes.items() if module.startswith(("Jason", "CJavaScriptCore", "CLibEdit")))
    print(f"{ours / mib:8.2f} MiB  jasonrun's own modules, all together")
    for module, size in sizes.most_common(rows):
        print(f"{size / mib:8.2f} MiB  {module}")


if __name__ == "__main__":
    main()
