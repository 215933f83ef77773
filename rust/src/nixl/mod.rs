//! NIXL on the frontend side: a runtime-loaded binding to NIXL's C API (`ffi`), an agent
//! with a UCX backend (`agent`), and the pre-registered pool of leased chunks (`pool`).

pub mod agent;
pub mod ffi;
pub mod registered;

pub use agent::AgentConfig;
pub use registered::{encode_metadata, Chunk, EndReason, Lease, PoolConfig, RegPool, Stats};
