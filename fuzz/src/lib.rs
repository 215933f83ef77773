//! Shared by the fuzz targets: the invariants every parser must keep, and a counting global
//! allocator that makes "peak allocation stays within `Limits`" checkable. The same file is
//! compiled into `rust/tests/fuzz_regressions.rs`, which replays every committed crash input.

pub mod encode;
pub mod invariants;
