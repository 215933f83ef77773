# Sourced by .ci/setup and .ci/wheel: the release build of the extension as the wheels ship it
# (docs/build.md). Only the link differs from a plain build: tools/zig-link.sh links with zig
# against glibc 2.28's symbol versions; RUSTFLAGS with an explicit --target apply to the
# extension's crates only, so build scripts keep theirs. The development build (.ci/setup) and
# the abi3 wheel (.ci/wheel) run this same cargo invocation, so cargo compiles it once: the
# wheel's build finds it done, and the tests run the code users install.
export VIRTUAL_ENV="$PWD/.venv" PATH="$PWD/.venv/bin:$PATH"
export RUSTFLAGS="-C linker=$PWD/tools/zig-link.sh"
RELEASE_TARGET=x86_64-unknown-linux-gnu
