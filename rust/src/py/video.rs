//! Video glue shared by `Decoder` and `Frontend`: keyword arguments to [`VideoOptions`], and
//! the clip's metadata as a dict (Python shapes it into vLLM's and Dynamo's forms).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::resize::{spec, SpecArg};
use crate::decode::Options;
use crate::threads::Cancel;
use crate::video::{Request, VideoInfo, VideoOptions};

/// Media types a video data URL may declare (animations are image types).
pub const VIDEO_URLS: &[&str] = &["video/", "image/"];

/// The decoder's options for one video call; `resize` (a spec tuple) replaces the decoder's
/// own resize for this call.
pub fn video_options(
    opts: &Options,
    num_frames: Option<i64>,
    fps: Option<f64>,
    max_frames: Option<i64>,
    sampling: &str,
    resize: Option<SpecArg>,
    cancel: Cancel,
) -> PyResult<VideoOptions> {
    let request = Request {
        num_frames,
        fps,
        max_frames,
    };
    crate::video::sampling::check(&request)?;
    Ok(VideoOptions {
        limits: opts.limits.clone(),
        sampling: sampling.to_string(),
        request,
        resize: match resize {
            Some(s) => spec(Some(s))?,
            None => opts.resize.clone(),
        },
        cancel,
    })
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
