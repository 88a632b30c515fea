#!/bin/sh
# The long run of the file-format fuzz test (tests/config/test_file_fuzz.cpp): every format the
# programs read, mutated N times each (default 2 000 000, a few minutes). Build first
# (make build, or make sanitize for the ASan/UBSan build, then BUILD=build-sanitize).
set -e
BUILD=${BUILD:-build}
QUBIC_FUZZ_ITERATIONS=${1:-2000000} exec "$BUILD/tests/test_file_fuzz" --durations yes
