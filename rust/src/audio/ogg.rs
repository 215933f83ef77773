//! A read-only scan of an Ogg Opus file's pages (RFC 3533, RFC 7845) that tells whether every
//! audio packet is CELT-only. It decides nothing about the samples' content: FFmpeg still
//! demuxes the packets. It only picks how a stereo stream is mixed down (opus.rs): libopus's
//! own downmix is close to the mean of its stereo output in CELT frames (147 dB SNR on the
//! corpus speech, 95 dB on pure tones), but only ~71 dB in SILK and hybrid frames, whose
//! stereo unmixing and resampling run per channel; those keep the stereo decode and the mean.

/// Bytes before an Ogg page's lacing table.
const PAGE_HEADER: usize = 27;
/// The first TOC configuration (RFC 6716, 3.1) of the CELT-only mode.
const FIRST_CELT_CONFIG: u8 = 16;

/// True when `data` is one logical Ogg stream of whole pages whose packets after the two
/// header packets (OpusHead, OpusTags) all start with a CELT-only TOC byte. Anything else
/// (another layout, a torn or truncated page, trailing bytes, an empty packet) is false.
pub(super) fn opus_celt_only(data: &[u8]) -> bool {
    let (mut off, mut serial, mut packets, mut mid) = (0usize, None, 0usize, false);
    while off < data.len() {
        let Some(page) = data.get(off..) else {
            return false;
        };
        if page.len() < PAGE_HEADER || &page[..4] != b"OggS" || page[4] != 0 {
            return false;
        }
        let s = [page[14], page[15], page[16], page[17]];
        if *serial.get_or_insert(s) != s {
            return false; // a second logical stream (chained or multiplexed)
        }
        // A page continues a packet exactly when the previous page left one open.
        if (page[5] & 1 != 0) != mid {
            return false;
        }
        let nsegs = usize::from(page[26]);
        let Some(lacing) = page.get(PAGE_HEADER..PAGE_HEADER + nsegs) else {
            return false;
        };
        let mut pos = PAGE_HEADER + nsegs;
        for &l in lacing {
            if !mid && packets >= 2 {
                // The first byte of an audio packet: its TOC.
                match page.get(pos) {
                    Some(&toc) if l > 0 && toc >> 3 >= FIRST_CELT_CONFIG => {}
                    _ => return false,
                }
            }
            pos += usize::from(l);
            mid = l == 255;
            if !mid {
                packets += 1;
            }
        }
        if pos > page.len() {
            return false;
        }
        off += pos;
    }
    !mid && packets > 2
}

#[cfg(test)]
mod tests {
    use super::opus_celt_only;

    /// One Ogg page (CRC left zero: the scan does not check it).
    fn page(flags: u8, serial: u32, packets: &[&[u8]], open_end: bool) -> Vec<u8> {
        let mut lacing = Vec::new();
        let mut body = Vec::new();
        for (i, p) in packets.iter().enumerate() {
            let mut n = p.len();
            while n >= 255 {
                lacing.push(255u8);
                n -= 255;
            }
            if !(open_end && i + 1 == packets.len()) {
                lacing.push(n as u8);
            }
            body.extend_from_slice(p);
        }
        let mut v = b"OggS".to_vec();
        v.push(0);
        v.push(flags);
        v.extend_from_slice(&[0; 8]);
        v.extend_from_slice(&serial.to_le_bytes());
        v.extend_from_slice(&[0; 8]);
        v.push(lacing.len() as u8);
        v.extend_from_slice(&lacing);
        v.extend_from_slice(&body);
        v
    }

    fn file(audio: &[&[u8]]) -> Vec<u8> {
        let mut v = page(2, 7, &[b"OpusHead........"], false);
        v.extend(page(0, 7, &[b"OpusTags...."], false));
        v.extend(page(0, 7, audio, false));
        v
    }

    #[test]
    fn celt_only_streams_are_recognised() {
        let celt = [16u8 << 3, 1, 2, 3];
        let last = [31u8 << 3 | 4, 9];
        assert!(opus_celt_only(&file(&[&celt, &last])));
        // A 300-byte CELT packet spans two lacing values; one across two pages.
        let long = [vec![16u8 << 3], vec![0; 299]].concat();
        assert!(opus_celt_only(&file(&[&long])));
        let mut v = file(&[&celt]);
        v.extend(page(0, 7, &[&long[..255]], true));
        v.extend(page(1, 7, &[&long[255..]], false));
        assert!(opus_celt_only(&v));
    }

    #[test]
    fn anything_else_is_not() {
        let celt = [16u8 << 3, 1];
        let silk = [0u8, 1];
        let hybrid = [12u8 << 3, 1];
        assert!(!opus_celt_only(&file(&[&celt, &silk])));
        assert!(!opus_celt_only(&file(&[&hybrid, &celt])));
        assert!(!opus_celt_only(&file(&[&celt, &[]])));
        assert!(!opus_celt_only(&file(&[])));
        let good = file(&[&celt]);
        // Truncated, trailing bytes, a second stream, a continuation with nothing open.
        assert!(!opus_celt_only(&good[..good.len() - 1]));
        assert!(!opus_celt_only(&[good.clone(), b"junk".to_vec()].concat()));
        assert!(!opus_celt_only(
            &[good.clone(), page(0, 8, &[&celt], false)].concat()
        ));
        assert!(!opus_celt_only(
            &[good.clone(), page(1, 7, &[&celt], false)].concat()
        ));
        assert!(!opus_celt_only(b""));
        assert!(!opus_celt_only(b"RIFF....WAVE"));
    }
}
