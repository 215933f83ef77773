"""Backend process for the frontend tests: reads descriptors (JSON on stdin) with
fastmedia.Reader over NIXL and writes the arrays to an .npz file (argv[1]).

Run as a separate process so every transfer crosses a real process boundary.
"""

import json
import sys

import numpy as np

import fastmedia


def main() -> None:
    out = sys.argv[1]
    mode = sys.argv[2] if len(sys.argv) > 2 else "batch"
    descs = json.load(sys.stdin)
    with fastmedia.Reader(timeout_s=20.0) as rd:
        if mode == "video":
            got = rd.read_video_batch(descs)
            arrs = [np.array(f) for f, _ in got]
            with open(out + ".json", "w") as f:
                json.dump([m for _, m in got], f)
        elif mode == "batch":
            arrs = rd.read_batch(descs)
        else:
            arrs = [rd.read(d) for d in descs]
    np.savez(out, *arrs)
    print(f"read {len(arrs)} images")


if __name__ == "__main__":
    main()
