"""The installed package on a machine without the system's media libraries (issue 23).

A child process imports fastmedia inside a mount namespace (``unshare -m``, root) where every
system copy of libav*, libsw*, libsoxr, libdav1d, libvpx and libopus is hidden (``/dev/null``
bound over it), decodes images, video and audio there (AV1 through the bundled dav1d), and
must give the same arrays as this process. It builds nothing: it checks the build already installed.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from tests.audio_fixtures import ffmpeg as run_ffmpeg
from tests.audio_fixtures import speechlike
from tests.helpers import FIXTURES
from tests.videos import CLIPS, have_ffmpeg, make_clips

HIDDEN_PREFIXES = ("libav", "libsw", "libsoxr", "libdav1d", "libvpx", "libopus")
LIB_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib")
VIDEO = ("h264_high_bframes.mp4", "hevc.mp4", "vp9.webm", "av1.mp4")
AUDIO = {"mp3": ["-c:a", "libmp3lame"], "m4a": ["-c:a", "aac"], "opus": ["-c:a", "libopus"]}

# Run in the child: decode every file named on the command line, pickle name -> result.
CHILD = """
import pickle, sys
import numpy as np
import fastmedia
dec = fastmedia.Decoder(threads=1)
out = {}
for path in sys.argv[2:]:
    data = open(path, "rb").read()
    kind = path.rsplit(".", 1)[-1]
    try:
        if kind in ("jpg", "png"):
            r = np.array(dec.decode(data))
        elif kind in ("mp4", "webm"):
            r = np.array(dec.decode_video(data, num_frames=8).frames)
        else:
            r = np.array(dec.decode_audio(data, sample_rate=16000).samples)
    except fastmedia.FastmediaError as e:
        r = f"{type(e).__name__}: {e}"
    out[path.rsplit("/", 1)[-1]] = r
pickle.dump(out, open(sys.argv[1], "wb"))
"""


def hidden_libraries() -> list[str]:
    """Every real file of the hidden libraries (symlinks resolve to one of these)."""
    found = set()
    for d in LIB_DIRS:
        if not os.path.isdir(d):
            continue
        for name in os.listdir(d):
            p = os.path.join(d, name)
            if name.startswith(HIDDEN_PREFIXES) and ".so" in name and not os.path.islink(p):
                found.add(os.path.realpath(p))
    return sorted(found)


def can_unshare() -> str | None:
    """None if a mount namespace can be made here, else why not."""
    if os.geteuid() != 0:
        return "needs root (unshare -m and bind mounts)"
    if shutil.which("unshare") is None:
        return "no unshare(1)"
    r = subprocess.run(
        ["unshare", "-m", "mount", "--bind", "/dev/null", "/dev/null"], capture_output=True
    )
    if r.returncode != 0:
        return f"unshare -m refused here: {r.stderr.decode().strip()}"
    return None


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[Path]:
    if not have_ffmpeg():
        pytest.fail("tests/test_portable.py needs the ffmpeg CLI to make clips (.ci/setup)")
    root = tmp_path_factory.mktemp("portable")
    files = [FIXTURES / "formats/gray.jpg", FIXTURES / "formats/gray.png"]
    files += make_clips(root, {n: CLIPS[n] for n in VIDEO}).values()
    src = root / "source.wav"
    import soundfile as sf

    sf.write(src, speechlike(), 44_100, subtype="PCM_16")
    for ext, args in AUDIO.items():
        p = root / f"audio.{ext}"
        run_ffmpeg("-i", str(src), *args, str(p))
        files.append(p)
    return files


def decode_in_child(files: list[Path], out: Path, hide: list[str]) -> dict:
    mounts = "".join(f"mount --bind /dev/null '{lib}' && " for lib in hide)
    # The child runs the installed package, not the checkout's python/ tree.
    cmd = f"{mounts}exec '{sys.executable}' -I -c \"$FM_CHILD\" " + " ".join(
        f"'{p}'" for p in [out, *files]
    )
    env = {**os.environ, "FM_CHILD": CHILD}
    env.pop("PYTHONPATH", None)
    r = subprocess.run(
        ["unshare", "-m", "sh", "-c", cmd], env=env, cwd="/", capture_output=True, timeout=600
    )
    assert r.returncode == 0, r.stderr.decode()[-3000:]
    with open(out, "rb") as f:
        return pickle.load(f)


def test_decodes_without_system_media_libraries(inputs, tmp_path):
    why = can_unshare()
    if why is not None:
        pytest.skip(f"no mount namespace: {why}")
    hide = hidden_libraries()
    assert any("libavcodec" in h for h in hide), "no system libavcodec here: nothing to hide"
    # The namespace really hides them: loading one fails there.
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", f"mount --bind /dev/null '{hide[0]}' && wc -c < '{hide[0]}'"],
        capture_output=True,
        text=True,
    )
    assert probe.stdout.strip() == "0", probe
    hidden = decode_in_child(inputs, tmp_path / "hidden.pkl", hide)
    normal = decode_in_child(inputs, tmp_path / "normal.pkl", [])
    assert set(hidden) == {p.name for p in inputs}
    for name, want in normal.items():
        got = hidden[name]
        assert isinstance(got, np.ndarray) and got.size > 0, (name, got)
        np.testing.assert_array_equal(got, want, err_msg=name)


def test_extension_links_no_media_library():
    """The extension's dynamic dependencies name none of the hidden libraries."""
    ldd = shutil.which("ldd")
    if ldd is None:
        pytest.skip("no ldd here")
    core = Path(fastmedia._core.__file__)
    out = subprocess.run([ldd, str(core)], capture_output=True, text=True, check=True).stdout
    needed = [line.split()[0] for line in out.splitlines() if line.strip()]
    bad = [n for n in needed if n.startswith(HIDDEN_PREFIXES)]
    assert not bad, f"{core.name} links {bad}"
