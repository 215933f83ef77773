#!/usr/bin/env bash
# The GPU check of docs/gpu.md, in one go: on a GPU machine it builds fastmedia, runs the
# requires_gpu tests and prints the table; on a CPU machine it prints why each row is skipped
# and exits 0. Exit status: non-zero only when the build or a GPU test fails.
#   bash benches/gpu_check.sh
# FASTMEDIA_PYTHON: the Python to use (default .venv/bin/python); FASTMEDIA_GPU_BUILD=0 skips
# the build (use the fastmedia already built or carried in).
# FASTMEDIA_WHEELS: a folder of carried wheels (the GPU machine has no network): fastmedia's
# abi3 wheel (.ci/wheel), nixl, nixl-cu13, nvidia-nvjpeg, pytest and its deps, msgpack. They
# go into a venv beside the machine's own Python (its torch stays visible) with --no-index,
# and that venv runs everything below, the build skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${FASTMEDIA_PYTHON:-.venv/bin/python}
if [ -n "${FASTMEDIA_WHEELS:-}" ]; then
    venv=${TMPDIR:-/tmp}/fastmedia-gpu-venv
    "${FASTMEDIA_BASE_PYTHON:-python3}" -m venv --system-site-packages "$venv" &&
        "$venv/bin/python" -m pip install -q --no-index --no-deps "$FASTMEDIA_WHEELS"/*.whl ||
        { echo "gpu_check: installing the carried wheels FAILED"; exit 1; }
    PY=$venv/bin/python
    export FASTMEDIA_GPU_BUILD=0
else
    export PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}"
fi
rc=0

echo "== gpu_check $(date -u +%FT%TZ)"
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    if [ "${FASTMEDIA_GPU_BUILD:-1}" = 1 ]; then
        echo "== build: maturin develop --release"
        VIRTUAL_ENV="$(cd "$(dirname "$PY")/.." && pwd)" "$(dirname "$PY")/maturin" develop --release -q ||
            { echo "gpu_check: build FAILED"; exit 1; }
    fi
else
    echo "== nvidia-smi lists no GPU: build skipped"
fi

# What this machine lacks for each path ("" = nothing), and which paths this build has.
probe=$("$PY" - <<'EOF'
from fastmedia._internal import gpu as _gpu
print(_gpu.driver_problem() or "")
print(_gpu.cuda_problem() or "")
print(" ".join(k for k, v in _gpu.BUILT.items() if v))
EOF
) || { echo "gpu_check: fastmedia does not import with $PY"; exit 1; }
driver=$(sed -n 1p <<<"$probe")
torch=$(sed -n 2p <<<"$probe")
built=" $(sed -n 3p <<<"$probe") "

if [ -n "$driver" ]; then
    echo "== no usable GPU: $driver"
else
    echo "== torch: ${torch:-CUDA usable}"
    # The paths built but not yet verified on a GPU (fastmedia._internal.gpu.BUILT False) run here.
    export FASTMEDIA_GPU_UNVERIFIED=1
    echo "== pytest -m requires_gpu"
    "$PY" -m pytest -q -rs -p no:cacheprovider -m requires_gpu tests/test_gpu.py \
        tests/test_gpu_codecs.py tests/test_reader_vram.py || rc=1
    echo "== tools/gpu_check_embeddings.py: embeddings into VRAM (staged Read, host bounce)"
    timeout 300 "$PY" tools/gpu_check_embeddings.py ||
        { echo "gpu_check: gpu_check_embeddings.py FAILED"; rc=1; }
    echo "== benches/bench_gpu_codecs.py: NVDEC vs the CPU path, NVENC vs the CPU encoders"
    clips=()
    if [ -n "${FASTMEDIA_CORPUS:-}" ]; then
        for f in "$FASTMEDIA_CORPUS"/video/*1080p*.mp4 "$FASTMEDIA_CORPUS"/video/*4k*.mp4; do
            [ -f "$f" ] && clips+=(--clip "$f")
        done
    fi
    timeout 300 "$PY" benches/bench_gpu_codecs.py "${clips[@]}" ||
        { echo "gpu_check: bench_gpu_codecs.py FAILED"; rc=1; }
    echo "== benches/bench_gpu.py: NIXL READ into VRAM vs into DRAM then host-to-device"
    tmp=$(mktemp -d)
    UCX_PROTO_INFO=y UCX_LOG_FILE="$tmp/ucx.log" timeout 300 "$PY" benches/bench_gpu.py ||
        { echo "gpu_check: bench_gpu.py FAILED"; rc=1; }
    echo "== UCX transports named in its protocol selection (cuda_copy/cuda_ipc/gdr_copy):"
    cat "$tmp"/ucx.log* 2>/dev/null | grep -oiE "cuda_copy|cuda_ipc|gdr_copy|rc_mlx5|tcp|sysv|posix|cma" |
        sort | uniq -c || echo "(none logged)"
    rm -rf "$tmp"
    echo "== benches/bench_reader_vram.py: Reader into VRAM (staged, direct) vs DRAM then .cuda()"
    timeout 300 "$PY" benches/bench_reader_vram.py ||
        { echo "gpu_check: bench_reader_vram.py FAILED"; rc=1; }
fi

row() {  # row NAME PATH WHERE-MEASURED
    local result
    if [ -n "$driver" ]; then
        result="skipped (no usable GPU: $driver)"
    elif [[ "$built" != *" $2 "* ]]; then
        result="unverified path (BUILT[$2] False, run with the opt-in): $3"
    else
        result="verified: $3"
    fi
    printf '| %-56s | %s |\n' "$1" "$result"
}

echo
printf '| %-56s | %s |\n' "row" "result"
printf '|%s|%s|\n' "----------------------------------------------------------" "--------"
row "read into VRAM vs DRAM then .cuda() (6 MB; 64 x 1080p)" read \
    "bench_reader_vram.py above (the Reader); bench_gpu.py (the raw NIXL READ)"
row "staged embeddings Read, workload 1, vs the host bounce" read \
    "gpu_check_embeddings.py above"
row "NVDEC vs CPU (1080p and 4K clips, 32 frames; wall, CPU)" decode \
    "bench_gpu_codecs.py above, first table"
row "nvJPEG vs CPU and torchvision (64 x 1080p; images/s)" decode \
    "bench_gpu_codecs.py above, second table"
row "NVENC vs CPU encoders (81 x 832x480; PSNR, bytes)" encode \
    "bench_gpu_codecs.py above, third table"
exit $rc
