//! `Frontend`: decode on the pool straight into NIXL-registered chunks; each result is a
//! `Media` holding the lease, from which Python builds the Dynamo descriptor.

use std::ffi::c_int;
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::batch::{any_ok, flag, Batch, PyCancel};
use super::buffer::{fill_view, hwc_layout, Layout};
use super::decoder::make_options;
use super::input::{extract, Input};
use super::resize::{per_call, SpecArg};
use super::video::{meta_dict, video_options, with_clip};
use crate::decode::{contain, decode_into, ImageInfo, Options};
use crate::error::{Error, Result};
use crate::hash::{content_hash, DTYPE_UINT8};
use crate::nixl::{AgentConfig, EndReason, Lease, PoolConfig, RegPool};
use crate::threads::{Cancel, WorkPool};
use crate::video::{decode_video_into, Request, VideoInfo, VideoOptions};

#[pyclass(frozen, module = "fastmedia._core", name = "Frontend")]
pub struct PyFrontend {
    pub(super) pool: Arc<RegPool>,
    pub(super) work: WorkPool,
    opts: Options,
    hash: bool,
}

#[pyclass(frozen, module = "fastmedia._core", name = "Media")]
pub struct PyMedia {
    pool: Arc<RegPool>,
    #[pyo3(get)]
    reuse_grace_s: f64,
    lease: Lease,
    layout: Layout,
    video: Option<VideoInfo>,
    #[pyo3(get)]
    format: &'static str,
    #[pyo3(get)]
    color_type: &'static str,
    #[pyo3(get)]
    content_hash: Option<String>,
    #[pyo3(get)]
    nixl_metadata: String,
    /// [height, width] before the resize, when the decode had a resize spec.
    #[pyo3(get)]
    source_size: Option<(u32, u32)>,
}

struct Done {
    lease: Lease,
    layout: Layout,
    format: &'static str,
    color_type: &'static str,
    video: Option<VideoInfo>,
    hash: Option<String>,
    /// [height, width] before a resize.
    source_size: Option<(u32, u32)>,
}

fn decode_to_pool(
    input: &Input<'_>,
    opts: &Options,
    pool: &Arc<RegPool>,
    hash: bool,
) -> Result<Done> {
    // A panic anywhere in one item is that item's DecodeError; an acquired chunk is dropped
    // while unwinding, which hands it back to the pool.
    contain("input", || {
        let mut scratch = Vec::new();
        let bytes = input.bytes(opts.limits.max_encoded_bytes, &mut scratch)?;
        let (mut chunk, info): (_, ImageInfo) =
            decode_into(bytes, opts, |info| pool.acquire(info.len()))?;
        let hash = hash.then(|| content_hash(&info.shape(), DTYPE_UINT8, chunk.as_mut()));
        Ok(Done {
            lease: pool.commit(chunk),
            layout: hwc_layout(&info),
            format: info.format,
            color_type: info.color_type,
            video: None,
            hash,
            source_size: opts
                .resize
                .is_some()
                .then_some((info.source_size[0], info.source_size[1])),
        })
    })
}

/// A video clip straight into one registered chunk (`[T, H, W, 3]`).
fn decode_video_to_pool(
    input: &Input<'_>,
    vopts: &VideoOptions,
    pool: &Arc<RegPool>,
    hash: bool,
) -> Result<Done> {
    with_clip(input, vopts, |bytes| {
        let (mut chunk, vi) = decode_video_into(bytes, vopts, |vi| pool.acquire(vi.len()))?;
        let hash = hash.then(|| content_hash(&vi.shape(), DTYPE_UINT8, chunk.as_mut()));
        Ok(Done {
            lease: pool.commit(chunk),
            layout: Layout::new(&vi.shape()),
            format: "Video",
            color_type: "Rgb8",
            source_size: vi.source_size.map(|[h, w]| (h, w)),
            video: Some(vi),
            hash,
        })
    })
}

impl PyFrontend {
    fn media(&self, d: Done, md: &Arc<str>) -> PyMedia {
        PyMedia {
            pool: self.pool.clone(),
            reuse_grace_s: self.pool.reuse_grace().as_secs_f64(),
            lease: d.lease,
            layout: d.layout,
            video: d.video,
            format: d.format,
            color_type: d.color_type,
            content_hash: d.hash,
            nixl_metadata: md.to_string(),
            source_size: d.source_size,
        }
    }

    /// Run `one` over `items` in parallel on the pool; slots hold `Media` or exceptions.
    fn batch<'py, F>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        cancel: &Cancel,
        one: F,
    ) -> PyResult<Bound<'py, PyList>>
    where
        F: Fn(&Input<'_>) -> Result<Done> + Sync,
    {
        let batch = Batch::extract(&items);
        let work = self.work.get()?;
        let results = batch.run(py, &work, cancel, one);
        let md = any_ok(&results)
            .then(|| py.detach(|| self.pool.metadata()))
            .transpose()?;
        batch.into_list(py, results, |d| {
            let md = md
                .as_ref()
                .expect("metadata built when any decode succeeded");
            Ok(Bound::new(py, self.media(d, md))?.into_any())
        })
    }
}

#[pymethods]
impl PyFrontend {
    #[new]
    #[pyo3(signature = (*, capi_path=None, agent_name, pool_bytes=1 << 30,
                        lease_ttl_s=120.0, acquire_timeout_s=30.0, reuse_grace_s=5.0,
                        end_lease_on_read=true, progress_delay_us=1000,
                        threads=None, channels="native", max_width=None, max_height=None,
                        max_pixels=None, max_alloc=128 << 20, max_encoded_bytes=64 << 20,
                        max_video_bytes=1 << 30, max_video_frames=100_000,
                        exif_orientation=false, content_hash=true, resize=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        capi_path: Option<String>,
        agent_name: String,
        pool_bytes: usize,
        lease_ttl_s: f64,
        acquire_timeout_s: f64,
        reuse_grace_s: f64,
        end_lease_on_read: bool,
        progress_delay_us: u64,
        threads: Option<usize>,
        channels: &str,
        max_width: Option<u32>,
        max_height: Option<u32>,
        max_pixels: Option<u64>,
        max_alloc: u64,
        max_encoded_bytes: u64,
        max_video_bytes: u64,
        max_video_frames: u64,
        exif_orientation: bool,
        content_hash: bool,
        resize: Option<SpecArg>,
    ) -> PyResult<Self> {
        let opts = make_options(
            channels,
            max_width,
            max_height,
            max_pixels,
            max_alloc,
            max_encoded_bytes,
            max_video_bytes,
            max_video_frames,
            exif_orientation,
            resize,
        )?;
        let secs = |s: f64, what: &str| {
            if s.is_finite() && s >= 0.0 {
                Ok(Duration::from_secs_f64(s))
            } else {
                Err(Error::config(format!(
                    "{what} must be a non-negative number of seconds"
                )))
            }
        };
        let cfg = PoolConfig {
            pool_bytes,
            end_lease_on_read,
            lease_ttl: secs(lease_ttl_s, "lease_ttl_s")?,
            acquire_timeout: secs(acquire_timeout_s, "acquire_timeout_s")?,
            reuse_grace: match secs(reuse_grace_s, "reuse_grace_s")? {
                d if d.is_zero() => {
                    return Err(Error::config(
                        "reuse_grace_s must be > 0: readers trust a lease word only for reads that finish within it",
                    )
                    .into())
                }
                d => d,
            },
        };
        let agent = AgentConfig {
            name: agent_name,
            progress_delay_us: Some(progress_delay_us),
        };
        // Checked before the agent exists, so a bad `threads` creates no NIXL agent.
        let work = WorkPool::new(threads, "fastmedia-frontend")?;
        let pool = py.detach(|| RegPool::new(capi_path.as_deref(), &agent, cfg))?;
        Ok(PyFrontend {
            pool,
            work,
            opts,
            hash: content_hash,
        })
    }

    #[getter]
    fn agent_name(&self) -> &str {
        self.pool.name()
    }

    #[getter]
    fn threads(&self) -> usize {
        self.work.threads()
    }

    /// The cached `nixl_metadata` string ("b64:..." of the agent's full metadata).
    fn nixl_metadata(&self, py: Python<'_>) -> PyResult<String> {
        Ok(py.detach(|| self.pool.metadata())?.to_string())
    }

    #[pyo3(signature = (data, resize=None))]
    fn decode(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        resize: Option<SpecArg>,
    ) -> PyResult<PyMedia> {
        let input = extract(data)?;
        let work = self.work.get()?;
        let opts = &*per_call(&self.opts, resize)?;
        let (pool, hash) = (&self.pool, self.hash);
        let (done, md) = py.detach(|| -> Result<(Done, Arc<str>)> {
            let d = work.install(|| decode_to_pool(&input, opts, pool, hash))?;
            Ok((d, pool.metadata()?))
        })?;
        Ok(self.media(done, &md))
    }

    /// Decode many in parallel. Slots hold `Media` or exception instances, in input order.
    #[pyo3(signature = (items, resize=None, cancel=None))]
    fn decode_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let opts = &*per_call(&self.opts, resize)?;
        let (pool, hash) = (&self.pool, self.hash);
        self.batch(py, items, &flag(cancel), |inp| {
            decode_to_pool(inp, opts, pool, hash)
        })
    }

    /// Decode one video clip (sampled frames) into one registered chunk.
    #[pyo3(signature = (data, num_frames=None, fps=None, max_frames=None, sampling="uniform",
                        resize=None, cancel=None, indices=None))]
    #[allow(clippy::too_many_arguments)]
    fn decode_video(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        num_frames: Option<i64>,
        fps: Option<f64>,
        max_frames: Option<i64>,
        sampling: &str,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
        indices: Option<Vec<i64>>,
    ) -> PyResult<PyMedia> {
        let request = Request {
            num_frames,
            fps,
            max_frames,
        };
        let vopts = video_options(&self.opts, request, sampling, resize, flag(cancel), indices)?;
        let input = extract(data)?;
        let work = self.work.get()?;
        let (pool, hash) = (&self.pool, self.hash);
        let (done, md) = py.detach(|| -> Result<(Done, Arc<str>)> {
            let d = work.install(|| decode_video_to_pool(&input, &vopts, pool, hash))?;
            Ok((d, pool.metadata()?))
        })?;
        Ok(self.media(done, &md))
    }

    /// Many clips in parallel (each also spreads its decode passes over the pool).
    #[pyo3(signature = (items, num_frames=None, fps=None, max_frames=None, sampling="uniform",
                        resize=None, cancel=None))]
    #[allow(clippy::too_many_arguments)]
    fn decode_video_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        num_frames: Option<i64>,
        fps: Option<f64>,
        max_frames: Option<i64>,
        sampling: &str,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let request = Request {
            num_frames,
            fps,
            max_frames,
        };
        let vopts = video_options(&self.opts, request, sampling, resize, flag(cancel), None)?;
        let (pool, hash) = (&self.pool, self.hash);
        self.batch(py, items, &vopts.cancel, |inp| {
            decode_video_to_pool(inp, &vopts, pool, hash)
        })
    }
    /// One drain pass now (the background thread does this continuously).
    fn poll(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(py.detach(|| self.pool.poll())?)
    }

    /// Test hook: run the lease clock (TTL, reuse grace) `seconds` ahead, then poll.
    fn advance_clock(&self, py: Python<'_>, seconds: f64) -> PyResult<usize> {
        let by = Duration::try_from_secs_f64(seconds).map_err(|_| {
            pyo3::exceptions::PyValueError::new_err("seconds must be a non-negative number")
        })?;
        self.pool.advance_clock(by);
        self.poll(py)
    }

    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.pool.stats();
        let d = PyDict::new(py);
        d.set_item("pool_bytes_limit", s.pool_bytes_limit)?;
        d.set_item("pool_bytes_total", s.pool_bytes_total)?;
        d.set_item("pool_bytes_in_use", s.pool_bytes_in_use)?;
        d.set_item("pool_bytes_filled", s.pool_bytes_filled)?;
        d.set_item("regions", s.regions)?;
        d.set_item("leases_live", s.leases_live)?;
        d.set_item("leases_total", s.leases_total)?;
        d.set_item("released_by_notification", s.released_by_notification)?;
        d.set_item("released_by_ttl", s.released_by_ttl)?;
        d.set_item("released_by_caller", s.released_by_caller)?;
        d.set_item("notifications_drained", s.notifications_drained)?;
        d.set_item("notifications_unmatched", s.notifications_unmatched)?;
        d.set_item("reads_notified", s.reads_notified)?;
        d.set_item("chunks_reused", s.chunks_reused)?;
        d.set_item("acquire_waits", s.acquire_waits)?;
        d.set_item("metadata_builds", s.metadata_builds)?;
        Ok(d)
    }

    fn close(&self, py: Python<'_>) {
        py.detach(|| self.pool.close())
    }
}

#[pymethods]
impl PyMedia {
    #[getter]
    fn addr(&self) -> usize {
        self.lease.addr
    }
    #[getter]
    fn size(&self) -> usize {
        self.lease.len
    }
    #[getter]
    fn lease_key(&self) -> &str {
        &self.lease.key
    }
    #[getter]
    fn lease_id(&self) -> u64 {
        self.lease.id
    }
    /// Address of the lease word (u64 LE equal to `lease_id` while the lease lives).
    #[getter]
    fn check_addr(&self) -> usize {
        self.lease.check_addr
    }
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(py, self.layout.dims())
    }
    /// For a clip: total/fps/duration/indices/timestamps/codec; None for an image.
    #[getter]
    fn video<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.video.as_ref().map(|v| meta_dict(py, v)).transpose()
    }
    /// True until the reader's notification, `release()`, the TTL or the Frontend's close
    /// ends the lease.
    #[getter]
    fn live(&self) -> bool {
        self.pool.is_live(self.lease.id)
    }
    /// End the lease now (idempotent). Returns whether this call ended it.
    fn release(&self) -> bool {
        self.pool.release(self.lease.id, EndReason::Caller)
    }

    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("Py_buffer view is null"));
        }
        if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err(
                "registered pixels are read-only (readers may be reading them)",
            ));
        }
        let me = slf.get();
        if !me.pool.pin(me.lease.id) {
            return Err(PyBufferError::new_err(
                "this media's lease has ended (release(), a reader's notification or lease_ttl_s) \
                 and its chunk may be reused: no new view of the pixels can be made",
            ));
        }
        // SAFETY: `view` is non-null and owned by the caller; the chunk stays allocated while
        // pinned (unpinned in __releasebuffer__), and shape/strides live in this object,
        // which the view keeps alive through `obj`.
        let r = unsafe {
            fill_view(
                view,
                slf.clone().into_any(),
                me.lease.addr as *mut u8,
                me.lease.len,
                true,
                &me.layout,
                flags,
            )
        };
        if r.is_err() {
            me.pool.unpin(me.lease.id); // no view was made: __releasebuffer__ will not run
        }
        r
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {
        self.pool.unpin(self.lease.id);
    }
}
