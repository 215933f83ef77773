//! GIF specifics on top of the `image` crate's decoder, for first frames Pillow renders
//! differently: a frame smaller than the canvas (Pillow fills the rest with the transparent
//! index, else index 0, of the frame's palette; the crate leaves transparent black) and a
//! GIF with no colour table at all (Pillow reads indices as grey, mode L; the crate refuses).

use image::ImageFormat;

use super::matte::Mask;
use super::{check_limits, color_type_name, decode_generic, Channels, ImageInfo, Options};
use crate::error::Result;

/// What the header says about the first frame.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct First {
    canvas: (u32, u32),
    /// x, y, width, height of the first frame.
    rect: (u32, u32, u32, u32),
    /// The frame's palette (local, else global), RGB triples; empty when there is none.
    palette: Vec<[u8; 3]>,
    transparent: Option<u8>,
    /// Offset just after the logical screen descriptor, and whether a global table exists.
    after_screen: usize,
    global: bool,
}

impl First {
    fn needs_fix(&self) -> bool {
        let (x, y, w, h) = self.rect;
        self.palette.is_empty() || x > 0 || y > 0 || (w, h) != self.canvas
    }
}

fn table(data: &[u8], at: usize, flags: u8) -> Option<(Vec<[u8; 3]>, usize)> {
    if flags & 0x80 == 0 {
        return Some((Vec::new(), at));
    }
    let n = 2usize << (flags & 7);
    let t = data.get(at..at + 3 * n)?;
    Some((
        t.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect(),
        at + 3 * n,
    ))
}

/// Walk the header up to the first image descriptor. `None` if it is malformed (the `image`
/// crate then reports the error).
pub(super) fn first_frame(data: &[u8]) -> Option<First> {
    let sw = u16::from_le_bytes([*data.get(6)?, *data.get(7)?]) as u32;
    let sh = u16::from_le_bytes([*data.get(8)?, *data.get(9)?]) as u32;
    let flags = *data.get(10)?;
    let (global, mut i) = table(data, 13, flags)?;
    let mut transparent = None;
    loop {
        match *data.get(i)? {
            0x21 => {
                let label = *data.get(i + 1)?;
                if label == 0xF9 && *data.get(i + 2)? >= 4 && data.get(i + 3)? & 1 == 1 {
                    transparent = Some(*data.get(i + 6)?);
                }
                i += 2;
                // Sub-blocks until a zero length.
                loop {
                    let n = *data.get(i)? as usize;
                    i += 1 + n;
                    if n == 0 {
                        break;
                    }
                }
            }
            0x2C => {
                let d = data.get(i + 1..i + 10)?;
                let le = |k: usize| u16::from_le_bytes([d[k], d[k + 1]]) as u32;
                let (local, _) = table(data, i + 10, d[8])?;
                return Some(First {
                    canvas: (sw, sh),
                    rect: (le(0), le(2), le(4), le(6)),
                    palette: if local.is_empty() {
                        global.clone()
                    } else {
                        local
                    },
                    transparent,
                    after_screen: 13,
                    global: flags & 0x80 != 0,
                });
            }
            _ => return None,
        }
    }
}

/// Pillow's view of a GIF's transparency: the first frame's transparent index, which a palette
/// GIF's RGBA decode carries as alpha 0 and a grey one (no table) as the grey level itself.
pub(super) fn transparency(data: &[u8]) -> Option<Mask> {
    let f = first_frame(data)?;
    let t = f.transparent?;
    Some(if f.palette.is_empty() {
        Mask::Key([t; 3])
    } else {
        Mask::Channel
    })
}

/// Decode a GIF. Most take the generic path unchanged; the two cases above are decoded to
/// RGBA scratch by the crate (a grey table spliced in when there is none) and then fixed.
pub(super) fn decode<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let first = match first_frame(data) {
        Some(f) if f.needs_fix() => f,
        _ => return decode_generic(data, ImageFormat::Gif, opts, alloc),
    };
    let grey = first.palette.is_empty();
    let patched;
    let src = if grey && !first.global {
        // Pillow's default palette for a GIF without one: index i is grey i.
        let mut d = Vec::with_capacity(data.len() + 768);
        d.extend_from_slice(&data[..first.after_screen]);
        d[10] |= 0x80 | 7;
        d.extend((0..=255u8).flat_map(|v| [v, v, v]));
        d.extend_from_slice(&data[first.after_screen..]);
        patched = d;
        &patched[..]
    } else {
        data
    };
    let (cw, ch) = first.canvas;
    let out_c = match (opts.channels, grey) {
        (Channels::Rgb, _) => 3,
        (Channels::Native, true) => 1,
        (Channels::Native, false) => 4,
    };
    // The RGBA scratch is decoder scratch on top of the output.
    check_limits(&opts.limits, cw, ch, out_c, cw as u64 * ch as u64 * 4)?;
    let native = Options {
        channels: Channels::Native,
        ..opts.clone()
    };
    let (mut rgba, info) =
        decode_generic(src, ImageFormat::Gif, &native, |i| Ok(vec![0u8; i.len()]))?;
    if info.channels != 4 || (info.width, info.height) != (cw, ch) {
        return Err(crate::error::Error::decode(
            "internal: unexpected GIF layout from the image crate",
        ));
    }
    fill_outside(&mut rgba, &first, grey);
    let out_info = ImageInfo {
        channels: out_c,
        color_type: color_type_name(out_c),
        ..info
    };
    let mut buf = alloc(&out_info)?;
    for (s, d) in rgba
        .chunks_exact(4)
        .zip(buf.as_mut().chunks_exact_mut(out_c as usize))
    {
        d.copy_from_slice(&s[..out_c as usize]);
    }
    Ok((buf, out_info))
}

/// Paint the canvas outside the first frame the way Pillow initialises it.
fn fill_outside(rgba: &mut [u8], f: &First, grey: bool) {
    let idx = f.transparent.unwrap_or(0);
    let rgb = if grey {
        [idx; 3]
    } else {
        f.palette.get(idx as usize).copied().unwrap_or_default()
    };
    let px = [
        rgb[0],
        rgb[1],
        rgb[2],
        if f.transparent.is_some() { 0 } else { 255 },
    ];
    let (cw, _) = f.canvas;
    let (x0, y0, w, h) = f.rect;
    for (i, p) in rgba.chunks_exact_mut(4).enumerate() {
        let (x, y) = ((i as u32) % cw, (i as u32) / cw);
        if x < x0 || y < y0 || x >= x0.saturating_add(w) || y >= y0.saturating_add(h) {
            p.copy_from_slice(&px);
        }
    }
}
