#!/bin/sh
# The linker of the manylinux wheels (.ci/wheel): zig (PyPI's `ziglang`, in .venv) through
# maturin's own `zig cc` wrapper (which maps rustc's gcc-style arguments), linking against
# glibc 2.28's symbol versions. Only the link changes: the C libraries (the SDK's FFmpeg and
# libsoxr, and what the build scripts compile) are the usual gcc objects, and their calls into
# glibc bind to 2.28's versions here. tests/test_wheel.py checks the result.
here=$(cd "$(dirname "$0")/.." && pwd)
py=${FASTMEDIA_ZIG_PYTHON:-$here/.venv/bin/python}
export CARGO_ZIGBUILD_ZIG_COMMAND="$py" CARGO_ZIGBUILD_ZIG_COMMAND_ARGS="-m ziglang"
exec "$(dirname "$py")/maturin" zig cc -- -g -fno-sanitize=all -target x86_64-linux-gnu.2.28 "$@"
