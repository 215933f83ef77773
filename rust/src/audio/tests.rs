use super::*;

/// A PCM WAV (format tag 1) with `channels` interleaved 16-bit channels; `data_size`
/// overrides the data chunk's stated length.
fn wav_s16(rate: u32, channels: u16, samples: &[i16], data_size: Option<u32>) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut v = Vec::new();
    v.extend_from_slice(b"RIFF");
    v.extend_from_slice(&(36 + data_len).to_le_bytes());
    v.extend_from_slice(b"WAVEfmt ");
    v.extend_from_slice(&16u32.to_le_bytes());
    v.extend_from_slice(&1u16.to_le_bytes());
    v.extend_from_slice(&channels.to_le_bytes());
    v.extend_from_slice(&rate.to_le_bytes());
    v.extend_from_slice(&(rate * 2 * u32::from(channels)).to_le_bytes());
    v.extend_from_slice(&(2 * channels).to_le_bytes());
    v.extend_from_slice(&16u16.to_le_bytes());
    v.extend_from_slice(b"data");
    v.extend_from_slice(&data_size.unwrap_or(data_len).to_le_bytes());
    for s in samples {
        v.extend_from_slice(&s.to_le_bytes());
    }
    v
}

fn opts(mono: bool) -> AudioOptions {
    AudioOptions {
        mono,
        ..AudioOptions::default()
    }
}

#[test]
fn pcm_scales_like_libsndfile_and_mixes_down() {
    // Stereo frames (L, R): (-32768, 32767), (16384, -16384), (1, 3).
    let bytes = wav_s16(8000, 2, &[-32768, 32767, 16384, -16384, 1, 3], None);
    let a = decode_audio(&bytes, &opts(false)).unwrap();
    assert_eq!(a.info.channels, 2);
    assert_eq!(a.planes[0], vec![-1.0, 0.5, 1.0 / 32768.0]);
    assert_eq!(a.planes[1], vec![32767.0 / 32768.0, -0.5, 3.0 / 32768.0]);
    let m = decode_audio(&bytes, &opts(true)).unwrap();
    assert_eq!(m.planes.len(), 1);
    let want: Vec<f32> = (0..3)
        .map(|i| (a.planes[0][i] + a.planes[1][i]) / 2.0)
        .collect();
    assert_eq!(m.planes[0], want);
    assert_eq!(m.info.codec, "pcm_s16le");
    assert_eq!(
        (
            m.info.source_channels,
            m.info.source_sample_rate,
            m.info.frames
        ),
        (2, 8000, 3)
    );

    let mut inter = vec![0.0; 6];
    a.write_interleaved(&mut inter);
    assert_eq!(inter[..2], [a.planes[0][0], a.planes[1][0]]);
}

#[test]
fn duration_limit_from_the_header_and_while_decoding() {
    let samples = vec![0i16; 8000 * 3]; // 3 s at 8 kHz
    let tight = |s: f64| AudioOptions {
        mono: true,
        limits: AudioLimits {
            max_duration_s: s,
            ..AudioLimits::default()
        },
        ..AudioOptions::default()
    };
    assert!(decode_audio(&wav_s16(8000, 1, &samples, None), &tight(4.0)).is_ok());
    let e = decode_audio(&wav_s16(8000, 1, &samples, None), &tight(2.0)).unwrap_err();
    assert!(matches!(e, Error::LimitExceeded(_)), "{e:?}");
    // Length unknown in the header (streamed WAV): caught while decoding.
    let streamed = wav_s16(8000, 1, &samples, Some(u32::MAX));
    let e = decode_audio(&streamed, &tight(2.0)).unwrap_err();
    assert!(matches!(e, Error::LimitExceeded(_)), "{e:?}");
    // A data chunk claiming ~4 GiB over 6 KB of samples: never allocated, never over limits.
    let liar = wav_s16(8000, 1, &samples, Some(0xFFFF_FFF0));
    match decode_audio(&liar, &tight(3600.0)) {
        Ok(a) => assert_eq!(a.info.frames, samples.len()),
        Err(e) => assert!(
            matches!(e, Error::LimitExceeded(_) | Error::Decode(_)),
            "{e:?}"
        ),
    }
}

#[test]
fn resampling_keeps_librosas_length_and_the_tone() {
    // A 440 Hz tone at 44.1 kHz, to 16 kHz.
    let n = 44_100;
    let x: Vec<f32> = (0..n)
        .map(|i| (2.0 * std::f32::consts::PI * 440.0 * i as f32 / 44_100.0).sin() * 0.5)
        .collect();
    let y = resample::resample(&x, 44_100, 16_000).unwrap();
    assert_eq!(y.len(), (n as u64 * 16_000).div_ceil(44_100) as usize);
    // Away from the edges it is the same tone at the new rate.
    let err: f32 = (1000..15_000)
        .map(|i| {
            let t = (2.0 * std::f32::consts::PI * 440.0 * i as f32 / 16_000.0).sin() * 0.5;
            (y[i] - t).abs()
        })
        .fold(0.0, f32::max);
    assert!(err < 1e-3, "max error {err}");
}

#[test]
fn resampling_in_pieces_is_bit_identical_to_one_call() {
    // Speech-like noise, fed in decoder-sized pieces of varying length.
    let mut state = 12345u32;
    let x: Vec<f32> = (0..100_003)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        })
        .collect();
    for (from, to) in [
        (44_100, 16_000),
        (48_000, 16_000),
        (22_050, 16_000),
        (8_000, 16_000),
    ] {
        let whole = resample::resample(&x, from, to).unwrap();
        let mut s = resample::Stream::new(from, to, 0).unwrap();
        let mut rest = &x[..];
        for piece in [1, 1152, 4096, 17, 20_000, 2048, 1].iter().cycle() {
            if rest.is_empty() {
                break;
            }
            let k = (*piece).min(rest.len());
            s.push(&rest[..k]).unwrap();
            rest = &rest[k..];
        }
        assert_eq!(s.finish().unwrap(), whole, "{from} -> {to}");
    }
}

#[test]
fn bad_inputs_are_typed() {
    let e = decode_audio(b"", &opts(true)).unwrap_err();
    assert!(matches!(e, Error::Decode(_)), "{e:?}");
    let e = decode_audio(&[7u8; 5000], &opts(true)).unwrap_err();
    assert!(matches!(e, Error::UnsupportedFormat(_)), "{e:?}");
    let bad_rate = AudioOptions {
        sample_rate: Some(0),
        ..opts(true)
    };
    let e = decode_audio(&wav_s16(8000, 1, &[0; 100], None), &bad_rate).unwrap_err();
    assert!(matches!(e, Error::Decode(_)), "{e:?}");
    // A forged 2.1 GHz header is refused before decoding (768 kHz still decodes).
    let forged = wav_s16(2_113_929_217, 1, &[0; 100], None);
    let e = decode_audio(&forged, &opts(true)).unwrap_err();
    assert!(
        matches!(e, Error::UnsupportedFormat(ref m) if m.contains("2113929217 Hz")),
        "{e:?}"
    );
    assert!(decode_audio(&wav_s16(MAX_SAMPLE_RATE, 1, &[0; 100], None), &opts(true)).is_ok());
}

/// A WAV with format `tag` (1 PCM, 3 float), `bits` per sample, `channels` interleaved in
/// `data`; `extensible` writes it as WAVE_FORMAT_EXTENSIBLE with `tag` as the subformat.
fn wav_raw(tag: u16, bits: u16, channels: u16, data: &[u8], extensible: bool) -> Vec<u8> {
    let align = channels * bits / 8;
    let mut fmt = Vec::new();
    fmt.extend_from_slice(&(if extensible { 0xFFFEu16 } else { tag }).to_le_bytes());
    fmt.extend_from_slice(&channels.to_le_bytes());
    fmt.extend_from_slice(&22_050u32.to_le_bytes());
    fmt.extend_from_slice(&(22_050 * u32::from(align)).to_le_bytes());
    fmt.extend_from_slice(&align.to_le_bytes());
    fmt.extend_from_slice(&bits.to_le_bytes());
    if extensible {
        fmt.extend_from_slice(&22u16.to_le_bytes());
        fmt.extend_from_slice(&bits.to_le_bytes());
        fmt.extend_from_slice(&0u32.to_le_bytes()); // channel mask
        fmt.extend_from_slice(&tag.to_le_bytes());
        fmt.extend_from_slice(&[
            0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
        ]);
    }
    let mut v = Vec::new();
    v.extend_from_slice(b"RIFF");
    v.extend_from_slice(&((4 + 8 + fmt.len() + 8 + 6 + 8 + data.len()) as u32).to_le_bytes());
    v.extend_from_slice(b"WAVEfmt ");
    v.extend_from_slice(&(fmt.len() as u32).to_le_bytes());
    v.extend_from_slice(&fmt);
    // An odd-sized chunk before the data (padded to even), as tagging tools write.
    v.extend_from_slice(b"LIST");
    v.extend_from_slice(&5u32.to_le_bytes());
    v.extend_from_slice(b"INFO\0\0");
    v.extend_from_slice(b"data");
    v.extend_from_slice(&(data.len() as u32).to_le_bytes());
    v.extend_from_slice(data);
    v
}

#[test]
fn pcm_wav_fast_path_equals_ffmpeg() {
    // Deterministic samples over each format's whole range (floats kept finite).
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let frames = 5000;
    let limits = AudioLimits::default();
    for (tag, bits, ext) in [
        (1, 8, false),
        (1, 16, false),
        (1, 24, false),
        (1, 32, false),
        (3, 32, false),
        (3, 64, false),
        (1, 16, true),
        (1, 24, true),
        (3, 32, true),
    ] {
        for channels in [1u16, 2, 3] {
            let n = frames * usize::from(channels);
            let data: Vec<u8> = match (tag, bits) {
                (3, 32) => (0..n)
                    .flat_map(|_| ((next() % 3001) as f32 / 1000.0 - 1.5).to_le_bytes())
                    .collect(),
                (3, 64) => (0..n)
                    .flat_map(|_| ((next() % 30001) as f64 / 10000.0 - 1.5).to_le_bytes())
                    .collect(),
                _ => (0..n * usize::from(bits / 8))
                    .map(|_| next() as u8)
                    .collect(),
            };
            let wav = wav_raw(tag, bits, channels, &data, ext);
            for mono in [true, false] {
                let what = format!("tag {tag} {bits}-bit ext={ext} {channels} ch mono={mono}");
                let fast = wav::decode(&wav, mono, &limits)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{what}: not taken"));
                let slow = decode::decode_ffmpeg(
                    &wav,
                    mono,
                    None,
                    OpusDecoder::default(),
                    false,
                    false,
                    &limits,
                )
                .unwrap();
                assert_eq!(fast.info, slow.info, "{what}");
                assert_eq!(fast.planes, slow.planes, "{what}");
                // Resampled while decoding = the whole native decode resampled afterwards.
                let streamed = decode::decode_ffmpeg(
                    &wav,
                    mono,
                    Some(16_000),
                    OpusDecoder::default(),
                    false,
                    false,
                    &limits,
                )
                .unwrap();
                assert_eq!(streamed.info.sample_rate, 16_000, "{what}");
                for (got, native) in streamed.planes.iter().zip(&fast.planes) {
                    let want = resample::resample(native, fast.info.sample_rate, 16_000).unwrap();
                    assert_eq!(got, &want, "{what}");
                }
            }
        }
    }
    // Not plain: a data chunk past the end, or a partial frame, goes to FFmpeg.
    let wav = wav_raw(1, 16, 1, &[1, 2, 3, 4], false);
    assert!(wav::decode(&wav[..wav.len() - 2], true, &limits)
        .unwrap()
        .is_none());
    let wav = wav_raw(1, 16, 2, &[1, 2, 3, 4, 5, 6], false);
    assert!(wav::decode(&wav, true, &limits).unwrap().is_none());
    // The header's limits hold on the fast path too.
    let wav = wav_raw(1, 16, 1, &vec![0; 22_050 * 4], false);
    let tight = AudioLimits {
        max_duration_s: 1.0,
        ..AudioLimits::default()
    };
    let e = wav::decode(&wav, true, &tight).unwrap_err();
    assert!(matches!(e, Error::LimitExceeded(_)), "{e:?}");
}

/// An OpusHead: `channels`, `pre_skip`, gain 0, mapping `family` with `table` after it.
fn opus_head(channels: u8, pre_skip: u16, family: u8, table: &[u8]) -> Vec<u8> {
    let mut h = b"OpusHead\x01".to_vec();
    h.push(channels);
    h.extend_from_slice(&pre_skip.to_le_bytes());
    h.extend_from_slice(&48_000u32.to_le_bytes());
    h.extend_from_slice(&0i16.to_le_bytes());
    h.push(family);
    h.extend_from_slice(table);
    h
}

/// AV_PKT_DATA_SKIP_SAMPLES: samples to skip at the start, to discard at the end.
fn skip_side(skip: u32, discard: u32) -> Vec<u8> {
    let mut s = skip.to_le_bytes().to_vec();
    s.extend_from_slice(&discard.to_le_bytes());
    s.extend_from_slice(&[0, 0]);
    s
}

#[test]
fn bundled_libopus_is_at_least_1_6() {
    let v = opus::version();
    assert!(v.starts_with("libopus 1.6"), "{v}");
}

#[test]
fn opus_trims_like_libavcodec() {
    use opus::OpusStream;
    // One byte: TOC config 31 (CELT, 20 ms), stereo, one frame of length 0, which libopus
    // decodes as 960 samples of concealment (silence on a fresh decoder).
    let pkt = [0xFC];
    let frames = |s: &mut OpusStream, side: Option<&[u8]>| s.decode(&pkt, side).unwrap().len() / 2;

    // Pre-skip 1000: the first packet is dropped whole, 40 come off the second.
    let mut s = OpusStream::new(&opus_head(2, 1000, 0, &[]), 2).unwrap();
    assert_eq!(s.channels(), 2);
    assert_eq!(frames(&mut s, None), 0);
    assert_eq!(frames(&mut s, None), 920);
    assert_eq!(frames(&mut s, None), 960);
    // Side data: its skip replaces what is left; its discard cuts the end when it fits.
    assert_eq!(frames(&mut s, Some(&skip_side(100, 0))), 860);
    assert_eq!(frames(&mut s, Some(&skip_side(0, 300))), 660);
    assert_eq!(frames(&mut s, Some(&skip_side(100, 860))), 0);
    assert_eq!(
        frames(&mut s, Some(&skip_side(0, 961))),
        960,
        "over the frame: ignored"
    );
    assert_eq!(
        frames(&mut s, Some(&skip_side(u32::MAX, 0))),
        960,
        "negative: no skip"
    );
    assert_eq!(frames(&mut s, Some(&skip_side(2000, 0))), 0);
    assert_eq!(
        frames(&mut s, Some(&[0xFF; 9])),
        0,
        "short side data is ignored"
    );
    // 2000 - 960 - 960 = 80 left to skip.
    assert_eq!(frames(&mut s, None), 880);
    // A corrupt packet is an error, yet its side data still counts (as in libavcodec).
    let bad = [0xFF, 0x00]; // code 3 with a frame count of 0
    assert!(s.decode(&bad, Some(&skip_side(500, 0))).is_err());
    assert_eq!(frames(&mut s, None), 460);
    assert!(s.decode(&[], None).is_err());
}

#[test]
fn opus_headers_are_read_like_ffmpeg() {
    use opus::OpusStream;
    let open = |h: &[u8], c| OpusStream::new(h, c).map(|s| s.channels());
    // No head at all: the container's channel count, mono or else stereo.
    assert_eq!(open(&[], 1).unwrap(), 1);
    assert_eq!(open(&[], 6).unwrap(), 2);
    // A head stating 0 channels means stereo.
    assert_eq!(open(&opus_head(0, 0, 0, &[]), 1).unwrap(), 2);
    // Family 1, 6 channels: 4 streams, 2 coupled, Vorbis order remapped.
    let six = opus_head(6, 0, 1, &[4, 2, 0, 4, 1, 2, 3, 5]);
    assert_eq!(open(&six, 6).unwrap(), 6);
    for bad in [
        opus_head(3, 0, 0, &[]),           // 3 channels, no mapping table
        opus_head(2, 0, 1, &[]),           // family 1, no table
        opus_head(2, 0, 1, &[0, 0, 0, 1]), // no streams
        opus_head(2, 0, 1, &[1, 1, 0, 9]), // mapping past the streams
        opus_head(2, 0, 1, &[1, 2, 0, 1]), // more coupled streams than streams
    ] {
        let e = OpusStream::new(&bad, 2).err().expect("refused");
        assert!(matches!(e, Error::Decode(_)), "{e:?}");
    }
}
