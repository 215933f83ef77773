//! Video glue shared by `Decoder` and `Frontend`: keyword arguments to [`VideoOptions`], and
//! the clip's metadata as a dict (Python shapes it into vLLM's and Dynamo's forms).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::input::Input;
use super::resize::{spec, SpecArg};
use crate::decode::{contain, Options};
use crate::error::Result;
use crate::threads::Cancel;
use crate::video::{Request, VideoInfo, VideoOptions};

/// Media types a video data URL may declare (animations are image types).
pub const VIDEO_URLS: &[&str] = &["video/", "image/"];

/// `f` over one clip's bytes (a data URL decoded into scratch first), any panic contained.
pub fn with_clip<T>(
    input: &Input<'_>,
    vopts: &VideoOptions,
    f: impl FnOnce(&[u8]) -> Result<T>,
) -> Result<T> {
    contain("video", || {
        let mut scratch = Vec::new();
        f(input.bytes_typed(vopts.limits.max_encoded_bytes, &mut scratch, VIDEO_URLS)?)
    })
}

/// The decoder's options for one video call; `resize` (a spec tuple) replaces the decoder's
/// own resize for this call.
pub fn video_options(
    opts: &Options,
    request: Request,
    sampling: &str,
    resize: Option<SpecArg>,
    cancel: Cancel,
    indices: Option<Vec<i64>>,
) -> PyResult<VideoOptions> {
    crate::video::sampling::check(&request)?;
    if let Some(v) = &indices {
        if v.is_empty() {
            return Err(crate::error::Error::config("indices must name at least one frame").into());
        }
        crate::video::check_indices(v)?;
    }
    Ok(VideoOptions {
        limits: opts.limits.clone(),
        sampling: sampling.to_string(),
        request,
        resize: match resize {
            Some(s) => spec(Some(s))?,
            None => opts.resize.clone(),
        },
        cancel,
        indices,
        gpu: opts.gpu,
    })
}

/// The clip's metadata and frame size, without its frames (`Decoder.probe_video`).
pub fn probe_dict<'py>(py: Python<'py>, v: &VideoInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("total_num_frames", v.total)?;
    d.set_item("fps", v.fps)?;
    d.set_item("duration", v.duration)?;
    d.set_item("width", v.width)?;
    d.set_item("height", v.height)?;
    d.set_item("codec", v.codec)?;
    d.set_item("bit_depth", v.bit_depth)?;
    Ok(d)
}

pub fn meta_dict<'py>(py: Python<'py>, v: &VideoInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("total_num_frames", v.total)?;
    d.set_item("fps", v.fps)?;
    d.set_item("duration", v.duration)?;
    d.set_item("frames_indices", v.indices.clone())?;
    d.set_item("timestamps", v.timestamps.clone())?;
    d.set_item("codec", v.codec)?;
    if let Some([h, w]) = v.source_size {
        d.set_item("source_size", (h, w))?;
    }
    Ok(d)
}
