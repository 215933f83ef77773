//! NIXL, loaded at run time through its C API (`ffi`): an agent with a UCX backend (`agent`),
//! its transfers (`xfer`), the peers it has loaded (`peers`), the notifications an endpoint
//! waits for (`awaited`) and their deadlines (`deadlines`), helper lanes that run transfers on threads of their own (`lane`) and
//! report each job's end to waiting threads and event loops (`done`), a reader's lease
//! notifications on an agent of their own (`notify`), the Write mode's handshake on the sender
//! (`write`), the frontend's pre-registered pool of leased chunks (`registered`), and the
//! first-fit allocator of both pools (`ranges`).

pub mod agent;
pub mod awaited;
pub mod deadlines;
pub mod done;
pub mod ffi;
pub mod lane;
pub mod metadata;
pub mod notify;
pub mod peers;
pub mod ranges;
pub mod registered;
pub mod write;
pub mod xfer;

pub use agent::AgentConfig;
pub use done::{Completion, WakePipe};
pub use lane::{End, Job, Lane, Outcome, PostHook, TIMED_OUT};
pub use metadata::encode_metadata;
pub use notify::Notifier;
pub use registered::{Chunk, EndReason, Lease, PoolConfig, RegPool, Stats};
pub use xfer::{Mem, Op, Row};
