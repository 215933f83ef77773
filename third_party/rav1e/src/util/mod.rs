// Copyright (c) 2017-2022, The rav1e contributors. All rights reserved
//
// This source code is subject to the terms of the BSD 2 Clause License and
// the Alliance for Open Media Patent License 1.0. If the BSD 2 Clause License
// was not distributed with this source code in the LICENSE file, you can
// obtain it at www.aomedia.org/license/software. If the Alliance for Open
// Media Patent License 1.0 was not distributed with this source code in the
// PATENTS file, you can obtain it at www.aomedia.org/license/patent.

mod align;
mod cdf;
mod kmeans;
mod logexp;
mod uninit;

pub use v_frame::math::*;
pub use v_frame::pixel::*;

pub use align::*;
pub use cdf::*;
pub use uninit::*;

pub use kmeans::*;
pub(crate) use logexp::*;
