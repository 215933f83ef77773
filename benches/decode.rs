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

use fastmedia::buffer::PixelBuf;
use fastmedia::threads::WorkPool;
use fastmedia::{decode_into, decode_vec, Options};

const BATCH: usize = 64;

/// Fresh output memory straight from the kernel: an anonymous mapping (zeroed by the kernel,
/// so no memset and every byte initialised), optionally advised MADV_HUGEPAGE (THP is in
/// "madvise" mode on these machines). Unmapped on drop, so every use is first-touch. This is
/// what PixelBuf::take could do on a recycler miss instead of calloc; the bench measures it.
struct Mapped {
    base: *mut libc::c_void,
    map_len: usize,
    data: *mut u8,
    len: usize,
}

// SAFETY: the mapping is owned exclusively by this value; no aliasing pointers escape.
unsafe impl Send for Mapped {}

impl Mapped {
    fn new(len: usize, huge: bool) -> Mapped {
        const HUGE: usize = 2 << 20;
        let map_len = len.div_ceil(HUGE) * HUGE + HUGE;
        // SAFETY: a fresh private anonymous mapping; arguments are valid, result checked.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(base != libc::MAP_FAILED, "mmap failed");
        // Align the data to 2 MiB so whole huge pages cover it.
        let off = (HUGE - (base as usize % HUGE)) % HUGE;
        let data = unsafe { (base as *mut u8).add(off) };
        if huge {
            // SAFETY: the range lies inside the mapping just made.
            unsafe {
                libc::madvise(
                    data as *mut libc::c_void,
                    map_len - off,
                    libc::MADV_HUGEPAGE,
                )
            };
        }
        Mapped {
            base,
            map_len,
            data,
            len,
        }
    }
}

impl AsMut<[u8]> for Mapped {
    fn as_mut(&mut self) -> &mut [u8] {
        // SAFETY: `data..data+len` is inside the mapping, kernel-zeroed (initialised), owned.
        unsafe { std::slice::from_raw_parts_mut(self.data, self.len) }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // SAFETY: base/map_len are exactly what mmap returned; unmapped once.
        unsafe { libc::munmap(self.base, self.map_len) };
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
                                decode_into(d, &opts, |i| Ok(Mapped::new(i.len(), huge))).unwrap()
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

criterion_group!(benches, single, batch);
criterion_main!(benches);
