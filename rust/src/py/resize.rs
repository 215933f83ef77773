//! `Resize` specs from Python: the Python `fastmedia.Resize` passes its fields as one tuple
//! (max_pixels, min_pixels, factor, size, filter, draft); a bad spec is a ConfigError
//! (a ValueError).

use std::borrow::Cow;

use pyo3::prelude::*;

use crate::decode::Options;
use crate::resize::{Filter, Resize};

pub type SpecArg = (
    Option<u64>,
    Option<u64>,
    u32,
    Option<(u32, u32)>,
    String,
    bool,
);

fn build(s: SpecArg) -> PyResult<Resize> {
    let (max_pixels, min_pixels, factor, size, filter, draft) = s;
    let filter = Filter::parse(&filter)?;
    Ok(Resize::new(
        max_pixels, min_pixels, factor, size, filter, draft,
    )?)
}

pub fn spec(s: Option<SpecArg>) -> PyResult<Option<Resize>> {
    s.map(build).transpose()
}

/// The decoder's options, with this call's resize spec in place of its own when one is given.
pub fn per_call(opts: &Options, resize: Option<SpecArg>) -> PyResult<Cow<'_, Options>> {
    Ok(match resize {
        None => Cow::Borrowed(opts),
        Some(s) => Cow::Owned(Options {
            resize: Some(build(s)?),
            ..opts.clone()
        }),
    })
}

/// Check a spec (raises ConfigError).
#[pyfunction]
pub fn resize_check(spec: SpecArg) -> PyResult<()> {
    build(spec).map(|_| ())
}

/// (height, width) a `height` x `width` image is resized to (itself when left as it is).
#[pyfunction]
pub fn resize_target(spec: SpecArg, height: u32, width: u32) -> PyResult<(u32, u32)> {
    Ok(build(spec)?
        .target(height, width)?
        .unwrap_or((height, width)))
}
