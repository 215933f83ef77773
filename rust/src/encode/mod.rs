//! The generation half: turning frames a model emits into bytes a client plays.
//! `frames` converts and validates the caller's arrays (layouts, float ranges) into packed
//! RGB24; the encoders build on its output.

pub mod frames;
