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
