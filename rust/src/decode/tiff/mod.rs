//! TIFF, read the way Pillow reads it. The `tiff` crate parses the first IFD (byte order,
//! BigTIFF, tag values, strip/tile counts); this module decompresses each strip or tile itself
//! (`chunks.rs`) and maps samples to 8-bit pixels with Pillow's rules (`pixels.rs`). The
//! `tiff` crate's own pixel path cannot read palette, 12-bit, planar-tiled (it panics) or
//! libjpeg-compatible JPEG-in-TIFF, which Pillow (through libtiff) reads.
//!
//! Supported: strips and tiles, chunky and planar, BigTIFF; no compression, LZW, Deflate,
//! PackBits, JPEG (libjpeg-turbo, like libtiff), CCITT Group 4; horizontal predictor; FillOrder 2;
//! bilevel, 2/4/8/12/16-bit grey (either polarity), palette (1-8 bit), grey+alpha, RGB(A)
//! 8/16-bit with associated (premultiplied) or unassociated alpha, CMYK 8/16-bit, JPEG YCbCr.
//! The Orientation tag is applied, as Pillow does on load. Anything else is
//! `UnsupportedFormat` naming the feature.

mod chunks;
mod pixels;

use std::io::Cursor;

use tiff::decoder::{Decoder, Limits as TiffLimits};
use tiff::tags::Tag;

use super::{check_limits, color_type_name, Channels, ImageInfo, Options};
use crate::error::{Error, Result};
use pixels::Layout;

/// What a TIFF's samples mean.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Color {
    /// Grey; `invert` for WhiteIsZero.
    Gray {
        invert: bool,
    },
    Palette {
        map: Vec<[u8; 3]>,
    },
    Rgb,
    Cmyk,
}

/// Everything needed to read and convert one TIFF image.
#[derive(Debug)]
pub(crate) struct Tiff {
    pub width: u32,
    pub height: u32,
    pub bits: u8,
    /// Samples per pixel as stored.
    pub spp: usize,
    pub color: Color,
    /// Index of the alpha sample, if any, and whether it is premultiplied.
    pub alpha: Option<(usize, bool)>,
    pub planar: bool,
    pub compression: u16,
    pub predictor: u16,
    pub fill_order_reversed: bool,
    pub jpeg_tables: Option<Vec<u8>>,
    /// PhotometricInterpretation=6: JPEG chunks hold YCbCr, converted to RGB; with RGB (2)
    /// their components are RGB as stored, whatever the JPEG markers suggest (libtiff).
    pub ycbcr: bool,
    /// Chunk (strip or tile) width and height.
    pub chunk_w: u32,
    pub chunk_h: u32,
    pub tiled: bool,
    pub offsets: Vec<u64>,
    pub counts: Vec<u64>,
    pub big_endian: bool,
    pub orientation: u16,
}

fn tiff_err(e: tiff::TiffError) -> Error {
    use tiff::TiffError as T;
    match e {
        T::UnsupportedError(u) => Error::unsupported(format!("TIFF: {u}")),
        T::LimitsExceeded => Error::limit("TIFF: a tag or strip is over the decoder's limits"),
        T::IoError(io) => Error::decode(format!("truncated or unreadable TIFF: {io}")),
        other => Error::decode(format!("invalid TIFF: {other}")),
    }
}

fn unsupported(what: impl std::fmt::Display) -> Error {
    Error::unsupported(format!("TIFF {what} is not supported"))
}

fn tag_u16(d: &mut Decoder<Cursor<&[u8]>>, t: Tag, default: u16) -> Result<u16> {
    Ok(d.find_tag_unsigned::<u16>(t)
        .map_err(tiff_err)?
        .unwrap_or(default))
}

fn tag_vec(d: &mut Decoder<Cursor<&[u8]>>, t: Tag) -> Result<Option<Vec<u64>>> {
    d.find_tag_unsigned_vec::<u64>(t).map_err(tiff_err)
}

/// Pillow's TIFF load applies `exif_transpose`, which falls back to the XMP packet (tag 700)
/// when IFD0 has no Orientation tag. 1 when there is none.
fn xmp_orientation(d: &mut Decoder<Cursor<&[u8]>>) -> u16 {
    let xmp = match d.find_tag(Tag::Unknown(700)) {
        Ok(Some(tiff::decoder::ifd::Value::Ascii(s))) => s.into_bytes(),
        Ok(Some(v)) => v.into_u8_vec().unwrap_or_default(),
        _ => return 1,
    };
    match super::orient::xmp_tag(&xmp) {
        Some(v @ 1..=8) => v as u16,
        _ => 1,
    }
}

/// Parse the first IFD into a `Tiff`, refusing what we cannot decode.
pub(crate) fn parse(data: &[u8], opts: &Options) -> Result<Tiff> {
    let mut lim = TiffLimits::default();
    lim.ifd_value_size = (opts.limits.max_alloc as usize).clamp(1 << 16, 64 << 20);
    let mut d = Decoder::new(Cursor::new(data))
        .map_err(tiff_err)?
        .with_limits(lim);
    let (width, height) = d.dimensions().map_err(tiff_err)?;
    let photometric = d
        .find_tag_unsigned::<u16>(Tag::PhotometricInterpretation)
        .map_err(tiff_err)?
        .ok_or_else(|| Error::decode("invalid TIFF: no PhotometricInterpretation tag"))?;
    let compression = tag_u16(&mut d, Tag::Compression, 1)?;
    let spp = tag_u16(&mut d, Tag::SamplesPerPixel, 1)? as usize;
    let bits_v = tag_vec(&mut d, Tag::BitsPerSample)?.unwrap_or_else(|| vec![1]);
    let bits = *bits_v.first().unwrap_or(&1);
    if bits_v.iter().any(|&b| b != bits) {
        return Err(unsupported(format!("mixed BitsPerSample {bits_v:?}")));
    }
    let formats = tag_vec(&mut d, Tag::SampleFormat)?.unwrap_or_else(|| vec![1]);
    match formats.first() {
        Some(1) | None => {}
        Some(2) => return Err(unsupported("signed integer samples (SampleFormat=2)")),
        Some(3) => return Err(unsupported("floating-point samples (SampleFormat=3)")),
        Some(f) => return Err(unsupported(format!("SampleFormat={f}"))),
    }
    let extra = tag_vec(&mut d, Tag::ExtraSamples)?.unwrap_or_default();
    let planar = tag_u16(&mut d, Tag::PlanarConfiguration, 1)? == 2;
    let predictor = tag_u16(&mut d, Tag::Predictor, 1)?;
    let fill_order_reversed = tag_u16(&mut d, Tag::FillOrder, 1)? == 2;
    let orientation = match d
        .find_tag_unsigned::<u16>(Tag::Orientation)
        .map_err(tiff_err)?
    {
        Some(o) => o,
        None => xmp_orientation(&mut d),
    };
    let big_endian = d.byte_order() == tiff::tags::ByteOrder::BigEndian;

    let base = spp.saturating_sub(extra.len());
    let (color, color_n) = match photometric {
        0 | 1 => (
            Color::Gray {
                invert: photometric == 0,
            },
            1,
        ),
        2 => (Color::Rgb, 3),
        3 => {
            let map = tag_vec(&mut d, Tag::ColorMap)?
                .ok_or_else(|| Error::decode("invalid TIFF: palette image without ColorMap"))?;
            (
                Color::Palette {
                    map: palette(&map, bits)?,
                },
                1,
            )
        }
        5 => (Color::Cmyk, 4),
        6 if compression == 7 => (Color::Rgb, 3),
        6 => return Err(unsupported("YCbCr without JPEG compression")),
        8..=10 => {
            return Err(unsupported(
                "CIELab colour (PhotometricInterpretation 8-10)",
            ))
        }
        4 => {
            return Err(unsupported(
                "transparency mask (PhotometricInterpretation=4)",
            ))
        }
        32844 | 32845 => return Err(unsupported("LogLuv colour")),
        p => return Err(unsupported(format!("PhotometricInterpretation={p}"))),
    };
    if spp < color_n || (base != 0 && base < color_n) {
        return Err(Error::decode(format!(
            "invalid TIFF: {spp} samples per pixel for photometric {photometric}"
        )));
    }
    // The first extra sample is alpha when marked associated (1) or unassociated (2), and,
    // as Pillow reads it, when RGB/grey carries one more sample with no ExtraSamples tag.
    let alpha = match extra.first() {
        Some(1) => Some((color_n, true)),
        Some(2) | Some(999) => Some((color_n, false)),
        Some(_) => None,
        None if spp > color_n && matches!(color, Color::Rgb) => Some((color_n, false)),
        None => None,
    };
    // ExtraSamples can mark alpha where SamplesPerPixel leaves no sample for it (found by
    // fuzzing: 1-sample grey with ExtraSamples=[2]; RGB and palette the same way).
    if alpha.is_some_and(|(ai, _)| ai >= spp) {
        return Err(Error::decode(format!(
            "invalid TIFF: ExtraSamples {extra:?} marks alpha, but {spp} samples per pixel \
             leave none after photometric {photometric}'s {color_n}"
        )));
    }
    if matches!(color, Color::Cmyk) && alpha.is_some() {
        return Err(unsupported("CMYK with alpha"));
    }
    if matches!(color, Color::Palette { .. }) && alpha.is_some_and(|a| a.1) {
        return Err(unsupported("palette with premultiplied alpha"));
    }
    let allowed: &[u64] = match color {
        Color::Gray { .. } if spp == 1 => &[1, 2, 4, 8, 12, 16],
        Color::Palette { .. } if spp == 1 => &[1, 2, 4, 8],
        _ => &[8, 16],
    };
    if !allowed.contains(&bits) {
        return Err(unsupported(format!(
            "{bits}-bit samples with photometric {photometric} and {spp} samples per pixel"
        )));
    }
    match compression {
        1 | 5 | 8 | 32946 | 32773 => {}
        7 => {
            if bits != 8 || planar || !matches!(color, Color::Rgb | Color::Gray { .. }) {
                return Err(unsupported(
                    "JPEG compression other than 8-bit chunky grey, RGB or YCbCr",
                ));
            }
        }
        6 => return Err(unsupported("old-style JPEG compression (Compression=6)")),
        2 => {
            return Err(unsupported(
                "CCITT modified Huffman compression (Compression=2)",
            ))
        }
        3 => return Err(unsupported("CCITT Group 3 fax compression (Compression=3)")),
        4 if bits == 1 && spp == 1 && matches!(color, Color::Gray { .. }) => {}
        4 => return Err(unsupported("CCITT Group 4 other than 1-bit grey")),
        34925 => return Err(unsupported("LZMA compression (Compression=34925)")),
        50000 => return Err(unsupported("Zstandard compression (Compression=50000)")),
        50001 => return Err(unsupported("WebP compression (Compression=50001)")),
        c => return Err(unsupported(format!("compression {c}"))),
    }
    match predictor {
        1 => {}
        2 if bits == 8 || bits == 16 => {}
        p => {
            return Err(unsupported(format!(
                "predictor {p} with {bits}-bit samples"
            )))
        }
    }
    let jpeg_tables = if compression == 7 {
        d.find_tag(Tag::JPEGTables)
            .map_err(tiff_err)?
            .map(|v| v.into_u8_vec().map_err(tiff_err))
            .transpose()?
    } else {
        None
    };
    let mut tiled = true;
    let (chunk_w, chunk_h, offsets, counts) = if let Some(off) = tag_vec(&mut d, Tag::TileOffsets)?
    {
        let tw = d.get_tag_u32(Tag::TileWidth).map_err(tiff_err)?;
        let th = d.get_tag_u32(Tag::TileLength).map_err(tiff_err)?;
        let cnt = tag_vec(&mut d, Tag::TileByteCounts)?
            .ok_or_else(|| Error::decode("invalid TIFF: tiles without TileByteCounts"))?;
        (tw, th, off, cnt)
    } else {
        tiled = false;
        let off = tag_vec(&mut d, Tag::StripOffsets)?
            .ok_or_else(|| Error::decode("invalid TIFF: no StripOffsets or TileOffsets"))?;
        let rps = d
            .find_tag_unsigned::<u32>(Tag::RowsPerStrip)
            .map_err(tiff_err)?
            .unwrap_or(height)
            .min(height);
        let cnt = tag_vec(&mut d, Tag::StripByteCounts)?
            .ok_or_else(|| Error::decode("invalid TIFF: strips without StripByteCounts"))?;
        (width, rps, off, cnt)
    };
    if chunk_w == 0 || chunk_h == 0 {
        return Err(Error::decode("invalid TIFF: zero strip or tile size"));
    }
    let t = Tiff {
        width,
        height,
        bits: bits as u8,
        spp,
        color,
        alpha,
        planar: planar && spp > 1,
        compression,
        predictor,
        fill_order_reversed,
        jpeg_tables,
        ycbcr: photometric == 6,
        chunk_w,
        chunk_h,
        tiled,
        offsets,
        counts,
        big_endian,
        orientation,
    };
    let need = t.chunks_per_plane() * if t.planar { spp as u64 } else { 1 };
    if t.offsets.len() as u64 != need || t.counts.len() as u64 != need {
        return Err(Error::decode(format!(
            "invalid TIFF: {} strip/tile offsets and {} byte counts for {need} chunks",
            t.offsets.len(),
            t.counts.len()
        )));
    }
    Ok(t)
}

/// ColorMap (3 x 2^bits u16, all reds, then greens, then blues) to RGB the way Pillow reads
/// it: the high byte of each value.
fn palette(map: &[u64], bits: u64) -> Result<Vec<[u8; 3]>> {
    let n = 1usize << bits.min(16);
    if map.len() != 3 * n {
        return Err(Error::decode(format!(
            "invalid TIFF: ColorMap has {} values, {}-bit palette needs {}",
            map.len(),
            bits,
            3 * n
        )));
    }
    Ok((0..n)
        .map(|i| {
            [
                (map[i] >> 8) as u8,
                (map[n + i] >> 8) as u8,
                (map[2 * n + i] >> 8) as u8,
            ]
        })
        .collect())
}

/// True when the first IFD has alpha (Pillow opens it as RGBA/LA/PA, premultiplied too).
pub(crate) fn has_alpha(data: &[u8], opts: &Options) -> bool {
    parse(data, opts).is_ok_and(|t| t.alpha.is_some())
}

impl Tiff {
    pub(crate) fn chunks_across(&self) -> u64 {
        (self.width as u64).div_ceil(self.chunk_w as u64)
    }
    pub(crate) fn chunks_per_plane(&self) -> u64 {
        self.chunks_across() * (self.height as u64).div_ceil(self.chunk_h as u64)
    }
    fn out_channels(&self, channels: Channels) -> u8 {
        match channels {
            Channels::Rgb => 3,
            Channels::Native => match (&self.color, self.alpha) {
                (Color::Gray { .. }, None) => 1,
                (Color::Gray { .. }, Some(_)) => 2,
                (Color::Palette { .. } | Color::Rgb | Color::Cmyk, None) => 3,
                (_, Some(_)) => 4,
            },
        }
    }
}

/// Decode a TIFF into memory from `alloc` (see `decode_into`).
pub(crate) fn decode<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let t = parse(data, opts)?;
    let out_c = t.out_channels(opts.channels);
    let sample_bytes: u64 = if t.bits > 8 { 2 } else { 1 };
    // Saturating: header fields multiply past u64 (over any limit, never wrapped below it).
    let work = (t.width as u64 * t.height as u64)
        .saturating_mul(t.spp as u64)
        .saturating_mul(sample_bytes);
    check_limits(&opts.limits, t.width, t.height, out_c, work)?;
    let (ow, oh) = if t.orientation >= 5 && t.orientation <= 8 {
        (t.height, t.width)
    } else {
        (t.width, t.height)
    };
    let samples = chunks::read_samples(data, &t, opts.limits.max_alloc)?;
    let info = ImageInfo {
        width: ow,
        height: oh,
        channels: out_c,
        format: "Tiff",
        color_type: color_type_name(out_c),
        source_size: [oh, ow],
    };
    let mut buf = alloc(&info)?;
    let layout = Layout {
        width: t.width as usize,
        height: t.height as usize,
        orientation: t.orientation,
    };
    pixels::convert(&t, &samples, &layout, out_c, buf.as_mut())?;
    Ok((buf, info))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::decode::{decode_vec, Options};
    use crate::error::Error;

    fn fixtures(dir: &str) -> Vec<(String, Vec<u8>)> {
        let d = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(dir);
        let mut v: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e != "py"))
            .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn every_robust_tiff_decodes_or_names_what_is_refused() {
        for (name, data) in fixtures("robust") {
            match decode_vec(&data, &Options::default()) {
                Ok((px, info)) => assert_eq!(px.len(), info.len(), "{name}"),
                Err(Error::UnsupportedFormat(m)) if name.contains("unsupported_") => {
                    assert!(m.contains("not supported"), "{name}: {m}")
                }
                Err(e) => panic!("{name}: {e}"),
            }
        }
    }

    /// A little-endian TIFF of 4x2 pixels: `tags` as (tag, type 3 = SHORT or 4 = LONG,
    /// values); values that do not fit the entry follow the IFD; `data` is the one
    /// strip.
    fn tiff(tags: &[(u16, u16, &[u32])], data: &[u8]) -> Vec<u8> {
        let mut all: Vec<(u16, u16, Vec<u32>)> = vec![
            (256, 4, vec![4]),
            (257, 4, vec![2]),
            (273, 4, vec![0]), // StripOffsets, set below
            (278, 4, vec![2]),
            (279, 4, vec![data.len() as u32]),
        ];
        all.extend(tags.iter().map(|(t, ty, v)| (*t, *ty, v.to_vec())));
        all.sort_by_key(|e| e.0);
        let ifd_end = 8 + 2 + 12 * all.len() + 4;
        let extra: usize = all
            .iter()
            .map(|(_, ty, v)| if *ty == 3 { 2 } else { 4 } * v.len())
            .filter(|&n| n > 4)
            .sum();
        let strip = (ifd_end + extra) as u32;
        let mut out = b"II*\0\x08\0\0\0".to_vec();
        out.extend((all.len() as u16).to_le_bytes());
        let mut tail = Vec::new();
        for (tag, ty, mut v) in all {
            if tag == 273 {
                v = vec![strip];
            }
            let mut bytes = Vec::new();
            for x in &v {
                match ty {
                    3 => bytes.extend((*x as u16).to_le_bytes()),
                    _ => bytes.extend(x.to_le_bytes()),
                }
            }
            out.extend(tag.to_le_bytes());
            out.extend(ty.to_le_bytes());
            out.extend((v.len() as u32).to_le_bytes());
            if bytes.len() > 4 {
                out.extend(((ifd_end + tail.len()) as u32).to_le_bytes());
                tail.extend(bytes);
            } else {
                bytes.resize(4, 0);
                out.extend(bytes);
            }
        }
        out.extend(0u32.to_le_bytes());
        out.extend(tail);
        out.extend(data);
        out
    }

    /// ExtraSamples marking alpha with no sample left for it (the fuzz finding was 1-bit grey
    /// with SamplesPerPixel 1 and ExtraSamples [2]; pixels.rs indexed past each pixel).
    #[test]
    fn alpha_without_a_sample_is_a_decode_error() {
        let map: Vec<u32> = (0..768).map(|i| i << 8).collect();
        type Tags<'a> = Vec<(u16, u16, &'a [u32])>;
        let cases: [(&str, Tags, usize); 5] = [
            ("1-bit grey", vec![(262, 3, &[1]), (338, 3, &[2])], 1),
            (
                "8-bit grey",
                vec![(258, 3, &[8]), (262, 3, &[1]), (338, 3, &[1])],
                4,
            ),
            (
                "8-bit grey, 1 sample",
                vec![
                    (258, 3, &[8]),
                    (262, 3, &[1]),
                    (277, 3, &[1]),
                    (338, 3, &[2]),
                ],
                4,
            ),
            (
                "RGB, every sample extra",
                vec![
                    (258, 3, &[8, 8, 8]),
                    (262, 3, &[2]),
                    (277, 3, &[3]),
                    (338, 3, &[2, 0, 0]),
                ],
                12,
            ),
            (
                "palette",
                vec![
                    (258, 3, &[8]),
                    (262, 3, &[3]),
                    (320, 3, &map),
                    (338, 3, &[2]),
                ],
                4,
            ),
        ];
        for (what, tags, row_bytes) in cases {
            let data = tiff(&tags, &vec![0x5a; 2 * row_bytes]);
            match decode_vec(&data, &Options::default()) {
                Err(Error::Decode(m)) => assert!(m.contains("ExtraSamples"), "{what}: {m}"),
                other => panic!("{what}: {:?}", other.map(|(_, i)| i)),
            }
        }
        // The same RGB with the fourth sample it declares decodes, alpha included.
        let data = tiff(
            &[
                (258, 3, &[8, 8, 8, 8]),
                (262, 3, &[2]),
                (277, 3, &[4]),
                (338, 3, &[2]),
            ],
            &[0x5a; 32],
        );
        let native = Options {
            channels: crate::decode::Channels::Native,
            ..Options::default()
        };
        let (px, info) = decode_vec(&data, &native).unwrap();
        assert_eq!((info.channels, px.len()), (4, 32));
    }

    /// Bit flips, byte stores and truncations of every fixture (all formats): an error or an
    /// image, never a panic (which `contain` would report as "internal panic").
    #[test]
    fn mutated_fixtures_never_panic() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let files = [fixtures("robust"), fixtures("formats")].concat();
        for (name, data) in files {
            for _ in 0..60 {
                let mut m = data.clone();
                for _ in 0..1 + rnd() % 6 {
                    let i = (rnd() % m.len() as u64) as usize;
                    m[i] = rnd() as u8;
                }
                if rnd() % 3 == 0 {
                    m.truncate(1 + (rnd() % m.len() as u64) as usize);
                }
                if let Err(Error::Decode(msg)) = decode_vec(&m, &Options::default()) {
                    assert!(!msg.contains("internal panic"), "{name}: {msg}");
                }
            }
        }
    }
}
