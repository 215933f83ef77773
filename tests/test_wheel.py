"""The wheels `bash .ci/wheel` builds (issue 23, docs/build.md): their tags, what `auditwheel
show` says of them, the glibc symbol versions and libraries their extension needs, the licences
they carry, and a decode in a clean venv under every CPython they claim that this machine has.

`.ci/wheel` builds the wheels into a folder and runs this file with ``FASTMEDIA_WHEELS`` set to
it; the main pytest run leaves it out (`.ci/test`). Run by hand after `bash .ci/wheel`:
``FASTMEDIA_WHEELS=dist .venv/bin/python -m pytest -q tests/test_wheel.py``.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers import FIXTURES

REPO = Path(__file__).resolve().parent.parent
POLICY = "manylinux_2_28"
MAX_GLIBC = (2, 28)
# The libraries manylinux_2_28 lets a wheel need from the system (PEP 600's policy, the part
# an x86-64 extension could link).
ALLOWED_NEEDED = {
    "libc.so.6",
    "libm.so.6",
    "libpthread.so.0",
    "libdl.so.2",
    "librt.so.1",
    "libgcc_s.so.1",
    "libutil.so.1",
    "ld-linux-x86-64.so.2",
}
# Every bundled library's licence text, shipped in the wheel's .dist-info/licenses/.
LICENCE_FILES = {
    "Apache-2.0.txt",
    "LGPL-2.1-or-later.txt",
    "FFmpeg-LICENSE.md",
    "libsoxr-LICENCE.txt",
    "libjpeg-turbo-LICENSE.md",
    "libjpeg-turbo-README.ijg",
    "libwebp-COPYING.txt",
    "libopus-COPYING.txt",
    "nv-codec-headers-MIT.txt",
    "openh264-LICENSE.txt",
    "dav1d-COPYING.txt",
    "svt-av1-LICENSE.md",
    "svt-av1-LICENSE-BSD2.md",
    "svt-av1-PATENTS.md",
    "svt-av1-cpuinfo-LICENSE.txt",
    "svt-av1-fastfeat-LICENSE.txt",
    "libvpx-LICENSE.txt",
    "libvpx-PATENTS.txt",
    "libvpx-x86inc-LICENSE.txt",
}
WHEEL_DIR = os.environ.get("FASTMEDIA_WHEELS")
if WHEEL_DIR is None:
    pytest.skip("no wheels: `bash .ci/wheel` builds them, then runs this", allow_module_level=True)


def wheels() -> dict[str, Path]:
    """Python tag ("abi3", "cp310") -> the wheel of that kind in FASTMEDIA_WHEELS."""
    found: dict[str, Path] = {}
    for p in sorted(Path(WHEEL_DIR).glob("fastmedia-*.whl")):
        abi = p.name.split("-")[3]
        found["abi3" if abi == "abi3" else abi] = p
    return found


WHEELS = wheels()
# abi3: CPython 3.11 and later; cp310: 3.10 only.
EXPECTED = {"abi3": "cp311-abi3", "cp310": "cp310-cp310"}


def test_the_wheels_are_there() -> None:
    assert set(WHEELS) == set(EXPECTED), f"wheels in {WHEEL_DIR}: {sorted(WHEELS)}"


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def wheel(request: pytest.FixtureRequest) -> Path:
    if request.param not in WHEELS:
        pytest.fail(f"no {request.param} wheel in {WHEEL_DIR}")
    return WHEELS[request.param]


@pytest.fixture(scope="module")
def extension(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel's compiled extension, unpacked."""
    with zipfile.ZipFile(wheel) as z:
        (name,) = [n for n in z.namelist() if re.fullmatch(r"fastmedia/_core\..*so", n)]
        return Path(z.extract(name, tmp_path_factory.mktemp("ext")))


def test_tag(wheel: Path) -> None:
    kind = "abi3" if "-abi3-" in wheel.name else "cp310"
    assert re.fullmatch(rf"fastmedia-[0-9.]+-{EXPECTED[kind]}-{POLICY}_x86_64\.whl", wheel.name), (
        wheel.name
    )


def test_auditwheel_accepts_the_policy(wheel: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(wheel)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    text = " ".join(out.split())
    assert f'consistent with the following platform tag: "{POLICY}_x86_64"' in text, out
    assert "external shared libraries are required" not in text, out


def dynamic_symbols(so: Path) -> list[tuple[str, str, str]]:
    """(section, version, name) of every dynamic symbol, from `objdump -T`."""
    out = subprocess.run(
        ["objdump", "-T", str(so)], capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ .{7} (\S+)\s+[0-9a-f]+\s+(?:(\(?[\w.]+\)?)\s+)?(\S+)$", line)
        if m:
            rows.append((m[1], (m[2] or "").strip("()"), m[3]))
    return rows


def test_glibc_symbol_versions(extension: Path) -> None:
    """Nothing newer than glibc 2.28, and no undefined C symbol left unversioned (one the
    build's glibc headers declared but 2.28's libraries lack would show up that way)."""
    rows = dynamic_symbols(extension)
    assert rows, "objdump found no dynamic symbols"
    too_new, unversioned = [], []
    for section, version, name in rows:
        m = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", version)
        if m and (int(m[1]), int(m[2])) > MAX_GLIBC:
            too_new.append(f"{name}@{version}")
        # Python's own API is resolved from the interpreter, without versions.
        if section == "*UND*" and not version and not re.match(r"_?Py|_Py", name):
            unversioned.append(name)
    assert not too_new, f"symbols newer than glibc {MAX_GLIBC}: {too_new}"
    assert not unversioned, f"undefined symbols without a version: {unversioned}"


def test_needed_libraries(extension: Path) -> None:
    out = subprocess.run(
        ["objdump", "-p", str(extension)], capture_output=True, text=True, check=True
    ).stdout
    needed = set(re.findall(r"NEEDED\s+(\S+)", out))
    assert needed <= ALLOWED_NEEDED, f"needs more than the policy's libraries: {needed}"


def test_licences_ship_in_the_metadata(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = z.read(meta).decode()
    shipped = {n.rsplit("/", 1)[-1] for n in names if ".dist-info/licenses/" in n}
    assert shipped >= LICENCE_FILES, f"missing licence texts: {LICENCE_FILES - shipped}"
    (expr,) = re.findall(r"^License-Expression: (.*)$", metadata, re.M)
    for spdx in (
        "Apache-2.0",
        "LGPL-2.1-or-later",
        "BSD-3-Clause",
        "BSD-3-Clause-Clear",
        "BSD-2-Clause",
        "ISC",
        "IJG",
        "MIT",
    ):
        assert spdx in expr, expr


def interpreters() -> list[tuple[str, str]]:
    """(version, path) of every CPython >= 3.10 found here: this one's base interpreter,
    `python3.X` on PATH and pyenv's versions."""
    found: dict[str, str] = {}
    cands = [getattr(sys, "_base_executable", sys.executable)]
    cands += [shutil.which(f"python3.{m}") or "" for m in range(10, 15)]
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    cands += sorted(glob.glob(f"{root}/versions/3.*/bin/python3"))
    for exe in cands:
        if not exe or not os.access(exe, os.X_OK):
            continue
        r = subprocess.run(
            [exe, "-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
        )
        v = r.stdout.strip()
        if r.returncode == 0 and v not in found and tuple(map(int, v.split("."))) >= (3, 10):
            found[v] = exe
    return sorted(found.items(), key=lambda kv: tuple(map(int, kv[0].split("."))))


INTERPRETERS = interpreters()

DECODE = """
import json, sys
import numpy as np
import fastmedia
png, clip, tone = (open(p, "rb").read() for p in sys.argv[1:])
dec = fastmedia.Decoder(threads=1)
out = [np.asarray(dec.decode(png)), np.asarray(dec.decode_video(clip, num_frames=4).frames),
       np.asarray(dec.decode_audio(tone, sample_rate=16000).samples)]
print(json.dumps({"version": "%d.%d" % sys.version_info[:2], "file": fastmedia.__file__,
                  "core": fastmedia._core.__file__.rsplit("/", 1)[-1],
                  "arrays": [[list(a.shape), float(a.astype(np.float64).sum())] for a in out]}))
"""


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A PNG, an H.264 clip and an AAC file (made with the ffmpeg CLI)."""
    d = tmp_path_factory.mktemp("media")
    clip, tone = d / "clip.mp4", d / "tone.m4a"
    if shutil.which("ffmpeg") is None:
        pytest.fail("the ffmpeg CLI makes the test clips (.ci/setup installs it)")
    for args in (
        ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1", "-c:v", "libx264"],
        ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac"],
    ):
        out = clip if "libx264" in args else tone
        subprocess.run(["ffmpeg", "-v", "error", "-y", *args, str(out)], check=True)
    return [str(FIXTURES / "formats/gray.png"), str(clip), str(tone)]


def test_a_cpython_beyond_3_11_is_here() -> None:
    """The abi3 wheel's point is 3.12 (vLLM's and Dynamo's images): it must be tried on one."""
    versions = [v for v, _ in INTERPRETERS]
    assert any(tuple(map(int, v.split("."))) >= (3, 12) for v in versions), (
        f"only CPython {versions} found (PATH, pyenv): the abi3 wheel is untested beyond 3.11"
    )


@pytest.mark.parametrize("version,exe", INTERPRETERS, ids=[v for v, _ in INTERPRETERS])
def test_installs_and_decodes_in_a_clean_venv(
    version: str, exe: str, media: list[str], tmp_path: Path
) -> None:
    kind = "cp310" if version == "3.10" else "abi3"
    if kind not in WHEELS:
        pytest.fail(f"no {kind} wheel for CPython {version}")
    venv = tmp_path / "venv"
    subprocess.run([exe, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin/python")
    pip = [py, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "numpy"], check=True)
    subprocess.run([*pip, "--no-deps", str(WHEELS[kind])], check=True)
    # -I: nothing from this checkout or the environment; cwd elsewhere for the same reason.
    r = subprocess.run(
        [py, "-I", "-c", DECODE, *media], capture_output=True, text=True, cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    print(got)
    assert got["version"] == version
    assert got["file"].startswith(str(venv)), got["file"]
    assert got["core"] == (
        "_core.abi3.so" if kind == "abi3" else "_core.cpython-310-x86_64-linux-gnu.so"
    )
    # The same arrays as the build this test runs on (.ci/setup's).
    r = subprocess.run(
        [sys.executable, "-c", DECODE, *media], capture_output=True, text=True, cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    assert got["arrays"] == json.loads(r.stdout)["arrays"]


def test_gpu_check_installs_the_carried_wheels_and_runs_from_them(tmp_path: Path) -> None:
    """`benches/gpu_check.sh` with ``FASTMEDIA_WHEELS``, as the GPU machine runs it (no network:
    a folder of wheels, ``--no-index``), on the newest CPython here: the abi3 wheel installs
    beside the base Python and the check's probe imports fastmedia from that venv. On this
    CPU machine it then says why each row is skipped."""
    version, exe = max(INTERPRETERS, key=lambda v: tuple(map(int, v[0].split("."))))
    if "abi3" not in WHEELS or version == "3.10":
        pytest.fail(f"no abi3 wheel, or no CPython >= 3.11 here ({version})")
    carried = tmp_path / "carried"
    carried.mkdir()
    shutil.copy(WHEELS["abi3"], carried)
    # numpy, which the GPU machine's Python has beside torch (the venv sees its site-packages).
    subprocess.run(
        [exe, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--only-binary",
         ":all:", "--no-deps", "-d", str(carried), "numpy"],
        check=True,
    )  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"FASTMEDIA_WHEELS": str(carried), "FASTMEDIA_BASE_PYTHON": exe,
            "TMPDIR": str(tmp_path)}  # fmt: skip
    r = subprocess.run(
        ["bash", str(REPO / "benches" / "gpu_check.sh")],
        capture_output=True, text=True, env=env, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0, r.stdout + r.stderr
    assert "installing the carried wheels FAILED" not in r.stdout
    assert "no usable GPU" in r.stdout, r.stdout
    venv_py = tmp_path / "fastmedia-gpu-venv" / "bin" / "python"
    where = subprocess.run(
        [str(venv_py), "-I", "-c", "import fastmedia; print(fastmedia.__file__)"],
        capture_output=True, text=True, cwd=tmp_path,
    )  # fmt: skip
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(tmp_path / "fastmedia-gpu-venv")), where.stdout
