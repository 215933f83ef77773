"""Media on fastmedia's Rust core: decoding images, video and audio (``Decoder``), resize
specs, and encoding generated frames (``Encoder``). Public names are exported from
``fastmedia``."""
