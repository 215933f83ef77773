// Copyright (c) 2019-2020, The rav1e contributors. All rights reserved
//
// This source code is subject to the terms of the BSD 2 Clause License and
// the Alliance for Open Media Patent License 1.0. If the BSD 2 Clause License
// was not distributed with this source code in the LICENSE file, you can
// obtain it at www.aomedia.org/license/software. If the Alliance for Open
// Media Patent License 1.0 was not distributed with this source code in the
// PATENTS file, you can obtain it at www.aomedia.org/license/patent.

#![allow(unused)]

mod plane_region;
mod tile;
mod tile_blocks;
mod tile_motion_stats;
mod tile_restoration_state;
mod tile_state;
mod tiler;

pub use self::plane_region::*;
pub use self::tile::*;
pub use self::tile_blocks::*;
pub use self::tile_motion_stats::*;
pub use self::tile_restoration_state::*;
pub use self::tile_state::*;
pub use self::tiler::*;
