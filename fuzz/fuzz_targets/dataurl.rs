//! Data-URL parsing (header, MIME type, strict base64, payload cap), then a tight-limits
//! decode of what it carried. The input is the URL as UTF-8 (Python hands the core a str).
#![no_main]

use fastmedia_fuzz::invariants::check_dataurl;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(url) = std::str::from_utf8(data) else {
        return;
    };
    let sel = data.len() as u8;
    check_dataurl(url, 64 << 10, sel);
});
