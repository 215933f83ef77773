//! The Encoder's streaming, audio-track and animation entry points (issue 21), beside
//! `encoder.rs`: module functions taking the `Encoder` for its pool and limits, and the
//! `VideoStream` class. Each runs on the encoder's pool with the GIL released.

use std::sync::Mutex;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::encoder::{value_range, Frames, PyEncoder};
use crate::decode::contain;
use crate::encode::anim::{encode_animation as encode_anim, AnimFormat};
use crate::encode::frames::Layout;

/// Frames as an animated WebP or GIF: `bytes`.
#[pyfunction]
#[pyo3(signature = (encoder, array, shape, layout="THWC", value_range=(0.0, 1.0), fps=16.0,
                    format="webp", quality=None, loops=0))]
#[allow(clippy::too_many_arguments)]
fn encode_animation<'py>(
    py: Python<'py>,
    encoder: &PyEncoder,
    array: &Bound<'py, PyAny>,
    shape: Vec<usize>,
    layout: &str,
    value_range: (f64, f64),
    fps: f64,
    format: &str,
    quality: Option<u8>,
    loops: u16,
) -> PyResult<Bound<'py, PyBytes>> {
    let layout = Layout::parse(layout)?;
    let range = self::value_range(value_range)?;
    let format = AnimFormat::parse(format)?;
    let frames = Frames::extract(array, shape)?;
    let pool = encoder.pool.get()?;
    let (limits, max_out) = (&encoder.limits, encoder.max_output_bytes);
    let data = py.detach(|| {
        pool.install(|| {
            contain("encode", || {
                frames.with_rgb(layout, range, limits, |rgb, t, h, w| {
                    encode_anim(rgb, t, h, w, fps, format, quality, loops, max_out)
                })
            })
        })
    })?;
    Ok(PyBytes::new(py, &data))
}

#[cfg(feature = "ffmpeg")]
mod av {
    use super::*;
    use crate::encode::audio::{add_audio, AudioCodec, AudioTrack};
    use crate::encode::frames::ValueRange;
    use crate::encode::video::stream::VideoStream;
    use crate::encode::video::{Codec, Container, VideoOptions};
    use rayon::ThreadPool;
    use std::sync::Arc;

    /// Adds an audio track to an encoded clip: `samples` is a C-contiguous float32 buffer of
    /// `frames * channels` interleaved samples. Returns the new file's bytes.
    #[pyfunction]
    #[pyo3(signature = (encoder, video, container, duration, samples, channels, sample_rate,
                        codec="opus"))]
    #[allow(clippy::too_many_arguments)]
    pub fn mux_audio<'py>(
        py: Python<'py>,
        encoder: &PyEncoder,
        video: &Bound<'py, PyBytes>,
        container: &str,
        duration: f64,
        samples: PyBuffer<f32>,
        channels: usize,
        sample_rate: u32,
        codec: &str,
    ) -> PyResult<Bound<'py, PyBytes>> {
        if !samples.is_c_contiguous() {
            return Err(PyTypeError::new_err("samples must be C-contiguous"));
        }
        let container = Container::parse(container)?;
        let codec = AudioCodec::parse(codec)?;
        let video = video.as_bytes();
        let pool = encoder.pool.get()?;
        let max_out = encoder.max_output_bytes;
        // The fitted track's samples are raw media in memory, as frames are.
        let max_pcm = encoder.limits.max_video_bytes;
        let (ptr, len) = (samples.buf_ptr() as usize, samples.item_count());
        let data = py.detach(|| {
            pool.install(|| {
                // SAFETY: a C-contiguous float32 buffer of `len` items, held alive by
                // `samples` for this call; the caller does not write to it meanwhile.
                let s = unsafe { std::slice::from_raw_parts(ptr as *const f32, len) };
                let track = AudioTrack {
                    samples: s,
                    channels,
                    rate: sample_rate,
                };
                contain("encode", || {
                    add_audio(video, container, duration, &track, codec, max_pcm, max_out)
                })
            })
        })?;
        Ok(PyBytes::new(py, &data))
    }

    /// A fragmented-MP4 stream (`Encoder.video_stream`): `write` returns the bytes ready
    /// after each chunk of frames, `close` the rest.
    #[pyclass(frozen, module = "fastmedia._core", name = "VideoStream")]
    pub struct PyVideoStream {
        inner: Mutex<VideoStream>,
        pool: Arc<ThreadPool>,
        limits: crate::decode::Limits,
        layout: Layout,
        range: ValueRange,
    }

    impl PyVideoStream {
        fn run<T: Send>(
            &self,
            py: Python<'_>,
            f: impl FnOnce(&mut VideoStream) -> crate::Result<T> + Send,
        ) -> PyResult<T> {
            Ok(py.detach(|| {
                self.pool.install(|| {
                    let mut s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
                    contain("encode", || f(&mut s))
                })
            })?)
        }
    }

    #[pymethods]
    impl PyVideoStream {
        /// Encodes a chunk of frames; returns the bytes ready (header and/or a fragment).
        fn write<'py>(
            &self,
            py: Python<'py>,
            array: &Bound<'py, PyAny>,
            shape: Vec<usize>,
        ) -> PyResult<Bound<'py, PyBytes>> {
            let frames = Frames::extract(array, shape)?;
            let (layout, range, limits) = (self.layout, self.range, &self.limits);
            let data = self.run(py, |s| {
                frames.with_rgb(layout, range, limits, |rgb, t, h, w| s.write(rgb, t, h, w))
            })?;
            Ok(PyBytes::new(py, &data))
        }

        /// Flushes the encoder and ends the stream; returns the last bytes.
        fn close<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
            let data = self.run(py, |s| s.close())?;
            Ok(PyBytes::new(py, &data))
        }

        /// `codec`, `width`, `height`, `frames` (written so far), `fps`, `duration`.
        fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
            let d = PyDict::new(py);
            let (w, h) = s.size();
            d.set_item("codec", s.codec_name())?;
            d.set_item("width", w)?;
            d.set_item("height", h)?;
            d.set_item("frames", s.frames())?;
            d.set_item("fps", s.fps())?;
            d.set_item("duration", s.frames() as f64 / s.fps())?;
            Ok(d)
        }
    }

    /// Opens a stream of `width x height` frames on the encoder's pool.
    #[pyfunction]
    #[pyo3(signature = (encoder, width, height, fps=16.0, codec="h264", quality=None,
                        layout="THWC", value_range=(0.0, 1.0)))]
    #[allow(clippy::too_many_arguments)]
    pub fn video_stream(
        py: Python<'_>,
        encoder: &PyEncoder,
        width: usize,
        height: usize,
        fps: f64,
        codec: &str,
        quality: Option<u8>,
        layout: &str,
        value_range: (f64, f64),
    ) -> PyResult<PyVideoStream> {
        let opts = VideoOptions {
            codec: Codec::parse(codec)?,
            container: Container::Mp4,
            fps,
            quality,
            max_output_bytes: encoder.max_output_bytes,
            codec_threads: encoder.pool.threads(),
        };
        let layout = Layout::parse(layout)?;
        let range = self::value_range(value_range)?;
        let limits = encoder.limits.clone();
        crate::encode::frames::check_size(1, height, width, &limits)?;
        let pool = encoder.pool.get()?;
        let max_frames = limits.max_video_frames;
        let s = py.detach(|| {
            pool.install(|| {
                contain("encode", || {
                    VideoStream::new(width, height, &opts, max_frames)
                })
            })
        })?;
        Ok(PyVideoStream {
            inner: Mutex::new(s),
            pool,
            limits,
            layout,
            range,
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode_animation, m)?)?;
    #[cfg(feature = "ffmpeg")]
    {
        m.add_class::<av::PyVideoStream>()?;
        m.add_function(wrap_pyfunction!(av::video_stream, m)?)?;
        m.add_function(wrap_pyfunction!(av::mux_audio, m)?)?;
    }
    Ok(())
}
