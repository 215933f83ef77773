"""Audio benchmarks, side by side in one process on the same files.

1. A batch of 16 mixed audio files (WAV s16/f32, FLAC, MP3, Vorbis, Opus, AAC), native rate:
   Decoder.decode_audio_batch (2 threads) against librosa.load(path, sr=None) in a
   2-thread pool (what vLLM's AudioMediaIO runs). Target: >= 2x.
2. The same batch at sample_rate=16000 against librosa.load(path, sr=16000) (soxr_hq).
   Target: >= 3x.
3. The 5-minute MP3 alone: real-time factor (audio seconds per wall second), both.
4. Per file, one thread, CPU time: Decoder.decode_audio against librosa.load (sr=None and
   sr=16000), and against soundfile.read for what libsndfile reads (WAV, FLAC, Ogg Vorbis).
5. Frontend.decode_audio_batch (into NIXL-registered memory + descriptor) against
   Decoder.decode_audio_batch on the batch of 16. Target: >= 0.95x.

librosa gets file paths (it cannot read MP4/AAC from memory), fastmedia the bytes read
beforehand. Uses $FASTMEDIA_CORPUS/audio (else ../shared/corpus/audio) when present, else
fixtures made with the ffmpeg CLI.

    python benches/bench_audio.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import fastmedia
from common import REPO, cycle_batch, print_table, time_median

warnings.filterwarnings("ignore")  # librosa's audioread fallback warns on every MP4/AAC
import librosa  # noqa: E402
import soundfile  # noqa: E402

CORPUS_AUDIO = (
    Path(os.environ["FASTMEDIA_CORPUS"]) if os.environ.get("FASTMEDIA_CORPUS") else
    REPO.parent / "shared" / "corpus"
) / "audio"  # fmt: skip
LONG_MP3 = "speech_5min_44k_stereo.mp3"


def corpus_files(tmp: Path) -> tuple[list[Path], Path | None]:
    if CORPUS_AUDIO.is_dir():
        files = sorted(p for p in CORPUS_AUDIO.iterdir() if p.is_file() and p.name != LONG_MP3)
        long = CORPUS_AUDIO / LONG_MP3
        return files, long if long.is_file() else None
    from audio_fixtures import make_all

    paths = make_all(tmp)
    keep = ("wav_s16_mono_16k", "wav_f32_24k", "flac_stereo", "mp3", "vorbis", "opus_ogg",
            "aac_m4a", "source")  # fmt: skip
    return [paths[k] for k in keep], None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    from common import versions

    print(versions("librosa", "soundfile", "soxr"))

    with tempfile.TemporaryDirectory() as tmp:
        files, long = corpus_files(Path(tmp))
        batch = cycle_batch(files, 16)
        blobs = [p.read_bytes() for p in batch]
        seconds = sum(fastmedia.Decoder().decode_audio(b).metadata["duration"] for b in blobs)
        kinds = ", ".join(p.suffix for p in files)
        print(f"batch: 16 files ({len(files)} distinct: {kinds}), {seconds:.0f} s of audio; "
              f"{args.threads} threads; median of {args.repeats}")  # fmt: skip

        dec = fastmedia.Decoder(threads=args.threads)
        pool = ThreadPoolExecutor(args.threads)
        rows = []
        for label, rate in (("native rate", None), ("sample_rate=16000", 16_000)):

            def fm(rate=rate):
                return dec.decode_audio_batch(blobs, sample_rate=rate)

            def lr(rate=rate):
                return list(pool.map(lambda p: librosa.load(str(p), sr=rate), batch))

            t_fm = time_median(fm, args.repeats)
            t_lr = time_median(lr, args.repeats)
            rows.append([f"16 files, {label}", f"{t_fm.median * 1e3:.0f} ms",
                         f"{t_lr.median * 1e3:.0f} ms", f"{t_lr.median / t_fm.median:.2f}x",
                         f"{t_lr.median_cpu / t_fm.median_cpu:.2f}x",
                         f"{seconds / t_fm.median:.0f}x"])  # fmt: skip

        if long is not None:
            data = long.read_bytes()
            dur = dec.decode_audio(data).metadata["duration"]
            t_fm = time_median(lambda: dec.decode_audio(data), max(3, args.repeats // 2))
            t_lr = time_median(lambda: librosa.load(str(long), sr=None), max(3, args.repeats // 2))
            rows.append([f"5-min MP3 alone ({dur:.0f} s)", f"{t_fm.median * 1e3:.0f} ms",
                         f"{t_lr.median * 1e3:.0f} ms", f"{t_lr.median / t_fm.median:.2f}x",
                         f"{t_lr.median_cpu / t_fm.median_cpu:.2f}x",
                         f"{dur / t_fm.median:.0f}x (librosa {dur / t_lr.median:.0f}x)"]
                        )  # fmt: skip
        print()
        print_table(
            ["measure", "fastmedia", "librosa", "speed-up", "CPU-time ratio", "real-time factor"],
            rows,
        )
        print(
            "(wall-clock medians; CPU-time ratio = librosa's process CPU / fastmedia's, which a "
            "busy machine moves less; librosa's ffmpeg subprocesses for MP4/AAC are in it)"
        )

        per_file(files, args.repeats)

        try:
            fe = fastmedia.Frontend(decoder=dec, pool_bytes=512 << 20)
        except fastmedia.NixlUnavailable as e:
            print(f"\nFrontend: skipped ({e})")
            return
        with fe:
            t_dec = time_median(lambda: dec.decode_audio_batch(blobs), args.repeats)
            # Each repeat releases its leases (counted against the Frontend), so the pool
            # never fills the way it would with no reader.
            t_fe = time_median(
                lambda: [m.release() for m in fe.decode_audio_batch(blobs)], args.repeats
            )
            print()
            print_table(
                ["measure", "Frontend.decode_audio_batch", "Decoder.decode_audio_batch", "ratio"],
                [["16 files, native rate", f"{t_fe.median * 1e3:.0f} ms",
                  f"{t_dec.median * 1e3:.0f} ms", f"{t_dec.median / t_fe.median:.2f}x "
                  f"(CPU {t_dec.median_cpu / t_fe.median_cpu:.2f}x)"]],
            )  # fmt: skip
            print("(ratio = Frontend throughput / Decoder throughput; target >= 0.95x)")


def per_file(files: list[Path], repeats: int) -> None:
    """CPU time per file on one thread (median of `repeats`): ratios > 1 mean fastmedia
    spends less CPU than the peer."""
    dec = fastmedia.Decoder(threads=1)
    rows = []
    for p in files:
        data, path = p.read_bytes(), str(p)
        row: list[object] = [p.name]
        cpu = {}
        for rate in (None, 16_000):
            fm = time_median(lambda r=rate, d=data: dec.decode_audio(d, sample_rate=r), repeats)
            lr = time_median(lambda r=rate, f=path: librosa.load(f, sr=r), repeats)
            cpu[rate] = fm.median_cpu
            row += [f"{fm.median_cpu * 1e3:.1f} ms", f"{lr.median_cpu / fm.median_cpu:.2f}x"]
        if p.suffix in (".wav", ".flac", ".ogg", ".opus"):
            sf = time_median(lambda f=path: soundfile.read(f, dtype="float32"), repeats)
            row.append(f"{sf.median_cpu / cpu[None]:.2f}x")
        else:
            row.append(None)
        rows.append(row)
    print()
    print_table(
        ["file (1 thread, CPU time)", "fastmedia", "vs librosa", "fastmedia 16k",
         "vs librosa 16k", "vs soundfile"],
        rows,
    )  # fmt: skip
    print("(ratio = peer's CPU time / fastmedia's; soundfile at the native rate, no downmix)")


if __name__ == "__main__":
    main()
