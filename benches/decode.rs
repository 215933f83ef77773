//! Criterion benches of the Rust decode core (no Python): single-image decode into a fresh
//! `Vec` (first-touch page faults included) and into a reused buffer, and batch decode on an
//! owned 2-thread (and 1-thread, for scaling) `WorkPool` with recycled `PixelBuf`s.
//!
//! Images come from `$FASTMEDIA_CORPUS` (the full corpus) or else `tests/fixtures`; a bench
//! whose input is missing is skipped with a message. Throughput is in elements = pixels, so
//! criterion's "Melem/s" reads as MP/s.
//!
//!     cargo bench --bench decode            # all (~1 minute)
//!     cargo bench --bench decode -- single  # a filter, as usual

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rayon::prelude::*;

use fastmedia::buffer::{PixelBuf, Region};
use fastmedia::threads::WorkPool;
use fastmedia::{decode_into, decode_vec, Options};

const BATCH: usize = 64;

/// Fresh kernel memory for one output, unmapped on drop, so every use is first-touch: what a
/// recycler miss costs (`huge`: 2 MiB-aligned, advised MADV_HUGEPAGE).
struct Fresh(Region, usize);

impl Fresh {
    fn new(len: usize, huge: bool) -> Fresh {
        Fresh(Region::new(len, huge).expect("mmap failed"), len)
    }
}

impl AsMut<[u8]> for Fresh {
    fn as_mut(&mut self) -> &mut [u8] {
        self.0.bytes_mut(self.1)
    }
}

/// `$FASTMEDIA_CORPUS` when set, then the small copy in tests/fixtures.
fn roots() -> Vec<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let env = std::env::var_os("FASTMEDIA_CORPUS").map(PathBuf::from);
    env.into_iter()
        .chain([repo.join("tests/fixtures")])
        .collect()
}

fn image_files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
        })
        .collect();
    v.sort();
    v
}

/// Files of a corpus group (`$FASTMEDIA_CORPUS/<group>`), else the fixtures with `exts`.
fn group_files(group: &str, exts: &[&str]) -> Option<(String, Vec<Vec<u8>>)> {
    for (i, root) in roots().iter().enumerate() {
        let dir = if i == 0 {
            root.join(group)
        } else {
            root.clone()
        };
        let files = image_files(&dir, exts);
        if !files.is_empty() {
            let data = files.iter().filter_map(|p| std::fs::read(p).ok()).collect();
            let label = if i == 0 {
                group.to_string()
            } else {
                format!("fixtures-{}", exts[0])
            };
            return Some((label, data));
        }
    }
    eprintln!(
        "decode bench: skipping {group}: no {exts:?} files in $FASTMEDIA_CORPUS/{group} or tests/fixtures"
    );
    None
}

fn pixels(data: &[u8]) -> u64 {
    let (_, info) = decode_vec(data, &Options::default()).expect("bench input decodes");
    info.width as u64 * info.height as u64
}

const SINGLE: [(&str, &[&str]); 3] = [
    ("jpeg_mosaic_1920x1080", &["jpg", "jpeg"]),
    ("png_512x512_rgba", &["png"]),
    ("webp_1024x768_lossy", &["webp"]),
];

fn single(c: &mut Criterion) {
    let opts = Options::default();
    let mut g = c.benchmark_group("single");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (group, exts) in SINGLE {
        let Some((label, files)) = group_files(group, exts) else {
            continue;
        };
        let data = &files[0];
        let (v, info) = decode_vec(data, &opts).expect("bench input decodes");
        g.throughput(Throughput::Elements(info.width as u64 * info.height as u64));
        // A new zeroed Vec per decode. In a single-thread loop glibc hands back the block just
        // freed (its mmap threshold rises after the first free), so this costs a 6 MB memset,
        // not page faults; the batch bench below shows the fault cost.
        g.bench_with_input(BenchmarkId::new("decode_vec", &label), data, |b, d| {
            b.iter(|| black_box(decode_vec(black_box(d), &opts).unwrap()))
        });
        // The same output buffer every time: pages stay resident (what the recycler gives).
        let mut reused = vec![0u8; v.len()];
        g.bench_with_input(
            BenchmarkId::new("decode_into_reused", &label),
            data,
            |b, d| {
                b.iter(|| {
                    let (out, info) =
                        decode_into(black_box(d), &opts, |i| Ok(&mut reused[..i.len()])).unwrap();
                    black_box((out.as_ptr(), info))
                })
            },
        );
    }
    g.finish();
}

fn batch(c: &mut Criterion) {
    let opts = Options::default();
    let mut g = c.benchmark_group("batch64");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let pool2 = WorkPool::new(Some(2), "bench2").unwrap().get().unwrap();
    let pool1 = WorkPool::new(Some(1), "bench1").unwrap().get().unwrap();
    for (group, exts) in [
        ("jpeg_mosaic_1920x1080", &["jpg", "jpeg"][..]),
        ("png_512x512_rgba", &["png"][..]),
    ] {
        let Some((label, files)) = group_files(group, exts) else {
            continue;
        };
        let items: Vec<&[u8]> = (0..BATCH)
            .map(|i| files[i % files.len()].as_slice())
            .collect();
        let px: u64 = items.iter().map(|d| pixels(d)).sum();
        g.throughput(Throughput::Elements(px));
        // As the Python Decoder does: recycled PixelBufs, dropped after each batch (the
        // recycler keeps up to 256 MiB of them for the next batch).
        for (name, pool) in [("recycled_2t", &pool2), ("recycled_1t", &pool1)] {
            g.bench_with_input(BenchmarkId::new(name, &label), &items, |b, items| {
                b.iter(|| {
                    let out: Vec<_> = pool.install(|| {
                        items
                            .par_iter()
                            .map(|d| {
                                decode_into(d, &opts, |i| Ok(PixelBuf::take(i.len()))).unwrap()
                            })
                            .collect()
                    });
                    black_box(out)
                })
            });
        }
        // Fresh Vecs on 2 threads: the first-touch page-fault cost the recycler avoids.
        g.bench_with_input(
            BenchmarkId::new("fresh_vec_2t", &label),
            &items,
            |b, items| {
                b.iter(|| {
                    let out: Vec<_> = pool2.install(|| {
                        items
                            .par_iter()
                            .map(|d| decode_vec(d, &opts).unwrap())
                            .collect()
                    });
                    black_box(out)
                })
            },
        );
        // Fresh kernel memory every time, 4 KiB pages vs transparent huge pages.
        for (name, huge) in [("fresh_mmap_2t", false), ("fresh_mmap_thp_2t", true)] {
            g.bench_with_input(BenchmarkId::new(name, &label), &items, |b, items| {
                b.iter(|| {
                    let out: Vec<_> = pool2.install(|| {
                        items
                            .par_iter()
                            .map(|d| {
                                decode_into(d, &opts, |i| Ok(Fresh::new(i.len(), huge))).unwrap()
                            })
                            .collect()
                    });
                    black_box(out)
                })
            });
        }
    }
    g.finish();
}

/// `content_hash` of a 1080p RGB frame (6.2 MB): "hot" hashes one frame again and again (it
/// stays in cache), "cold" cycles through 16 frames (100 MB, more than a server L3), closer to
/// hashing a frame just decoded. `xxhash_rust_streaming` is the same hash by another crate
/// (xxhash-rust's streaming XXH3, SSE2 on baseline x86-64), a reference on the same data in
/// the same run: `cargo bench --bench decode -- hash`.
fn hash(c: &mut Criterion) {
    let shape = [1080usize, 1920, 3];
    let len = shape.iter().product::<usize>();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let frames: Vec<Vec<u8>> = (0..16)
        .map(|_| {
            (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as u8
                })
                .collect()
        })
        .collect();
    let mut header = vec![3u8, 0, 0, 0, 0, 0, 0, 0];
    for d in shape {
        header.extend_from_slice(&(d as u64).to_le_bytes());
    }
    header.push(fastmedia::hash::DTYPE_UINT8);
    let header = header.as_slice();
    type HashFn<'a> = Box<dyn Fn(&[u8]) -> u64 + 'a>;
    let impls: [(&str, HashFn); 2] = [
        (
            "content_hash",
            Box::new(|px| {
                let hex = fastmedia::hash::content_hash(&shape, fastmedia::hash::DTYPE_UINT8, px);
                u64::from_str_radix(&hex, 16).unwrap()
            }),
        ),
        (
            "xxhash_rust_streaming",
            Box::new(|px| {
                let mut h = xxhash_rust::xxh3::Xxh3::new();
                h.update(header);
                h.update(px);
                h.digest()
            }),
        ),
    ];
    let mut g = c.benchmark_group("hash");
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Bytes(len as u64));
    for (temp, nframes) in [("hot", 1), ("cold", frames.len())] {
        for (name, f) in &impls {
            g.bench_function(BenchmarkId::new(*name, temp), |b| {
                let mut i = 0;
                b.iter(|| {
                    i += 1;
                    black_box(f(black_box(&frames[i % nframes])))
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, single, batch, hash);
criterion_main!(benches);
