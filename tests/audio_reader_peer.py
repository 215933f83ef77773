"""Backend process for the audio NIXL tests: reads audio descriptors (JSON on stdin) over
NIXL two ways and saves both to an .npz (argv[1]):

- ``fastmedia``: ``Reader.read_audio_batch`` -> ``(samples, sample_rate)``;
- ``dynamo``: Dynamo's ``AudioLoader`` Decoded path, re-implemented in ``dynamo_decoded``
  below because Dynamo's package needs its runtime and torch. Its logic, from
  components/src/dynamo/common/utils/media_nixl.py (``read_decoded_media_via_nixl``) and
  components/src/dynamo/common/multimodal/audio_loader.py (``_load_decoded_audio``): allocate
  ``torch.empty(shape, dtype)`` with ``dtype`` looked up lower-cased, NIXL READ the descriptor
  into it, ``array = tensor.numpy()``, ``array[..., :3]`` (``trim_alpha=True``), and
  ``sr = metadata.get("sample_rate", 16000)`` returned as ``float(sr)``.
"""

import json
import sys

import numpy as np

import fastmedia

_DYNAMO_DTYPES = {
    "float32": np.float32,
    "uint8": np.uint8,
    "int64": np.int64,
    "float64": np.float64,
}


def dynamo_decoded(rd: fastmedia.Reader, desc: dict) -> tuple[np.ndarray, float]:
    # Dynamo ignores fastmedia's extra keys and notifies with a random uuid4 (the lease lives on).
    desc = {k: v for k, v in desc.items() if k not in ("lease_key", "lease_check")}
    dtype = _DYNAMO_DTYPES[desc.get("dtype", "uint8").lower()]
    out = np.empty(desc["shape"], dtype=dtype)  # stands in for torch.empty(shape, dtype)
    rd.read_into(desc, out)  # one NIXL READ of the descriptor into the caller's buffer
    array = out[..., :3]
    metadata = desc.get("metadata") or {}
    return array, float(metadata.get("sample_rate", 16000))


def main() -> None:
    out = sys.argv[1]
    descs = json.load(sys.stdin)
    arrays: dict[str, np.ndarray] = {}
    with fastmedia.Reader(timeout_s=20.0) as rd:
        # Dynamo's path first: its READ notifies a random key, so the lease stays live.
        for i, d in enumerate(descs):
            wave, sr = dynamo_decoded(rd, d)
            arrays[f"dynamo_{i}"], arrays[f"dynamo_sr_{i}"] = wave, np.float64(sr)
        for i, (samples, sr) in enumerate(rd.read_audio_batch(descs)):
            arrays[f"fm_{i}"], arrays[f"fm_sr_{i}"] = samples, np.int64(sr)
    np.savez(out, **arrays)
    print(f"read {len(descs)} audio descriptors")


if __name__ == "__main__":
    main()
