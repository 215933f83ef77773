//! A first-fit allocator of offsets in one region: free ranges (offset -> length),
//! coalesced on release. Lowest offsets first, so memory that was touched before is reused
//! before fresh pages. The Frontend's registered pool and the Reader's slabs
//! (`_core.Ranges`) both allocate with it.

use std::collections::BTreeMap;

#[derive(Debug)]
pub struct Ranges {
    free: BTreeMap<usize, usize>,
    /// End of the highest range ever handed out: chunks below it reuse earlier memory.
    high_water: usize,
}

impl Ranges {
    pub fn new(len: usize) -> Ranges {
        Ranges {
            free: if len > 0 {
                BTreeMap::from([(0, len)])
            } else {
                BTreeMap::new()
            },
            high_water: 0,
        }
    }

    /// The lowest free offset with `need` bytes after it, now taken; None if none is free.
    pub fn alloc(&mut self, need: usize) -> Option<usize> {
        let (&off, &flen) = self.free.iter().find(|(_, &l)| l >= need)?;
        self.free.remove(&off);
        if flen > need {
            self.free.insert(off + need, flen - need);
        }
        self.high_water = self.high_water.max(off + need);
        Some(off)
    }

    /// Give back `[off, off + len)`, merged with its free neighbours. The caller releases
    /// only what `alloc` gave it, once.
    pub fn release(&mut self, mut off: usize, mut len: usize) {
        if let Some((&poff, &plen)) = self.free.range(..off).next_back() {
            if poff + plen == off {
                self.free.remove(&poff);
                off = poff;
                len += plen;
            }
        }
        if let Some(&nlen) = self.free.get(&(off + len)) {
            self.free.remove(&(off + len));
            len += nlen;
        }
        self.free.insert(off, len);
    }

    /// End of the highest range ever handed out.
    pub fn high_water(&self) -> usize {
        self.high_water
    }

    /// The free ranges, lowest first.
    pub fn free_ranges(&self) -> Vec<(usize, usize)> {
        self.free.iter().map(|(&o, &l)| (o, l)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: usize = 4096;

    #[test]
    fn free_ranges_coalesce_and_lowest_offsets_come_first() {
        let mut r = Ranges::new(16 * PAGE);
        let a = r.alloc(PAGE).unwrap();
        let b = r.alloc(2 * PAGE).unwrap();
        let c = r.alloc(PAGE).unwrap();
        assert_eq!((a, b, c), (0, PAGE, 3 * PAGE));
        assert_eq!(r.high_water(), 4 * PAGE);
        r.release(b, 2 * PAGE);
        assert_eq!(r.alloc(PAGE), Some(PAGE));
        assert_eq!(r.high_water(), 4 * PAGE);
        r.release(PAGE, PAGE);
        r.release(a, PAGE);
        r.release(c, PAGE);
        assert_eq!(r.free_ranges(), vec![(0, 16 * PAGE)]);
        assert_eq!(r.alloc(17 * PAGE), None);
    }

    #[test]
    fn an_empty_region_has_nothing_to_give() {
        let mut r = Ranges::new(0);
        assert_eq!(r.alloc(1), None);
        assert!(r.free_ranges().is_empty());
    }
}
