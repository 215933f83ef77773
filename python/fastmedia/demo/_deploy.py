"""A real Dynamo 1.6.1 deployment on loopback, for the tests and ``python -m fastmedia demo
--dynamo``: Dynamo's Rust HTTP frontend (``python -m dynamo.frontend``), the worker in
``fastmedia.demo._worker`` (fastmedia.dynamo's loaders), a generated model directory, file
discovery, the tcp request plane and the zmq event plane, no etcd or NATS (docs/dynamo.md).
Needs ai-dynamo 1.6.1 (``.venv-dynamo``).

Every process is started in its own session and killed by process group; ports are chosen
free; start-up polls ``/v1/models`` with a bound and fails, logs attached, when a process
dies, when the frontend runs in NIXL stub mode, or when the model never appears.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import site
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding fastmedia/
MODEL = "fastmedia-test-model"  # the frontend decodes images: Decoded items
URL_MODEL = MODEL + "-urls"  # no media decoder: every item reaches the worker as a Url
STUB_MODE = "stub mode"  # "NIXL is not supported in stub mode"
STUB_MESSAGE = (
    "the Dynamo frontend runs in NIXL stub mode: nixl-cu12's libraries are not on "
    "LD_LIBRARY_PATH (site-packages/.nixl_cu12.mesonpy.libs and nixl_cu12.libs), so the model "
    "never appears in /v1/models"
)
START_TIMEOUT_S = 180.0
PORT_TAKEN = "Address already in use"

# Every word the prompts and the chat template use; anything else is [UNK].
WORDS = ["[UNK]", "<s>", "</s>", "ok", "user", "assistant", "system", "image", "video", "audio"]
WORDS += ["save", "stale", "describe", "these", "media"] + [str(d) for d in range(10)]
CHAT_TEMPLATE = (
    "{{ bos_token }}{% for m in messages %}{{ m['role'] }} "
    "{% if m['content'] is string %}{{ m['content'] }} {% else %}"
    "{% for p in m['content'] %}{% if p['type'] == 'text' %}{{ p['text'] }} "
    "{% elif p['type'] == 'image_url' %}image {% elif p['type'] == 'video_url' %}video "
    "{% elif p['type'] == 'audio_url' %}audio {% endif %}{% endfor %}{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}assistant {% endif %}"
)


def nixl_lib_dirs() -> list[str]:
    """nixl-cu12's bundled libraries, which the Dynamo runtime must find (stub mode else)."""
    dirs = []
    for sp in site.getsitepackages():
        for name in (".nixl_cu12.mesonpy.libs", "nixl_cu12.libs"):
            if (Path(sp) / name).is_dir():
                dirs.append(str(Path(sp) / name))
    return dirs


def make_model_dir(path: Path) -> Path:
    """A model directory that needs no download: a WordLevel tokenizer over ``WORDS``, a
    llama-style config.json, and a chat template that renders image/video/audio parts."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    path.mkdir(parents=True, exist_ok=True)
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.decoder = decoders.WordPiece()  # joins words with spaces
    tok.save(str(path / "tokenizer.json"))
    (path / "tokenizer_config.json").write_text(
        json.dumps(
            {
                "tokenizer_class": "PreTrainedTokenizerFast",
                "bos_token": "<s>",
                "eos_token": "</s>",
                "unk_token": "[UNK]",
                "model_max_length": 4096,
                "chat_template": CHAT_TEMPLATE,
            }
        )
    )
    (path / "config.json").write_text(
        json.dumps(
            {
                "architectures": ["LlamaForCausalLM"],
                "model_type": "llama",
                "vocab_size": len(WORDS),
                "hidden_size": 64,
                "intermediate_size": 128,
                "num_hidden_layers": 1,
                "num_attention_heads": 2,
                "num_key_value_heads": 2,
                "max_position_embeddings": 4096,
                "bos_token_id": 1,
                "eos_token_id": 2,
                "torch_dtype": "float32",
            }
        )
    )
    (path / "generation_config.json").write_text(json.dumps({"bos_token_id": 1, "eos_token_id": 2}))
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> Any:
    """A ``preexec_fn`` that asks Linux to SIGTERM the child when the thread that started it
    dies (``PR_SET_PDEATHSIG``), so a killed test run leaves no frontend or worker behind;
    None elsewhere. libc is looked up here, before the fork."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(1, int(signal.SIGTERM))  # 1: PR_SET_PDEATHSIG


class DeploymentError(RuntimeError):
    """The deployment did not come up (the message carries the processes' logs)."""


class Deployment:
    """Frontend + worker on loopback; ``start()`` returns when the model is served."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root or tempfile.mkdtemp(prefix="fm-dynamo-"))
        self.results = self.root / "results"
        self.results.mkdir(parents=True, exist_ok=True)
        self.model_dir = make_model_dir(self.root / "model")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.procs: dict[str, subprocess.Popen] = {}
        self._nonces = itertools.count(1000)
        self.logs: dict[str, Path] = {}

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        libs = nixl_lib_dirs()
        if os.environ.get("FASTMEDIA_TEST_NIXL_STUB") == "1":
            libs = []  # the harness's own test of stub-mode detection
            env["LD_LIBRARY_PATH"] = ""
        env["LD_LIBRARY_PATH"] = os.pathsep.join(
            libs + [p for p in env.get("LD_LIBRARY_PATH", "").split(os.pathsep) if p]
        )
        env["PYTHONPATH"] = os.pathsep.join(
            [str(PACKAGE_ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        )
        env.update(
            DYN_DISCOVERY_BACKEND="file",
            DYN_FILE_KV=str(self.root / "kv"),
            DYN_REQUEST_PLANE="tcp",
            DYN_EVENT_PLANE="zmq",
            DYN_TCP_RPC_HOST="127.0.0.1",
            DYN_TCP_RESPONSE_STREAM_HOST="127.0.0.1",
            DYN_EVENT_PLANE_HOST="127.0.0.1",
            DYN_SYSTEM_HOST="127.0.0.1",
            DYN_LOG="info",
            HF_HUB_OFFLINE="1",
            TRANSFORMERS_OFFLINE="1",
            NO_PROXY="127.0.0.1,localhost",
            no_proxy="127.0.0.1,localhost",
        )
        for k in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY"):
            env.pop(k, None)
        return env

    def _spawn(self, name: str, args: list[str]) -> None:
        log = self.root / f"{name}.log"
        self.logs[name] = log
        with open(log, "wb") as f:
            self.procs[name] = subprocess.Popen(
                args,
                cwd=self.root,
                env=self.env(),
                stdout=f,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,  # its own process group: killed as one
                preexec_fn=_die_with_parent(),
            )

    def _spawn_frontend(self) -> None:
        args = ["--http-host", "127.0.0.1", "--http-port", str(self.port)]
        self._spawn("frontend", [sys.executable, "-m", "dynamo.frontend", *args])

    def start(self, timeout_s: float = START_TIMEOUT_S) -> Deployment:
        try:
            self._spawn_frontend()
            self._spawn(
                "worker",
                [
                    sys.executable,
                    "-m",
                    "fastmedia.demo._worker",
                    "--model-dir",
                    str(self.model_dir),
                    "--model-name",
                    MODEL,
                    "--results",
                    str(self.results),
                ],
            )
            self._wait_ready(timeout_s)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        port_retries = 3
        while True:
            fe = self.procs["frontend"]
            if fe.poll() is not None and port_retries and PORT_TAKEN in self.log("frontend"):
                port_retries -= 1  # another process took the free port first: a new one
                self.port = free_port()
                self.base = f"http://127.0.0.1:{self.port}"
                self._spawn_frontend()
            for name, p in self.procs.items():
                if p.poll() is not None:
                    self._fail(f"the {name} exited with status {p.returncode} during start-up")
            if any(STUB_MODE in self.log(n).lower() for n in self.procs):
                self._fail(STUB_MESSAGE)
            try:
                models = self.get_json("/v1/models", timeout=5)
                if {MODEL, URL_MODEL} <= {m.get("id") for m in models.get("data", [])}:
                    return
            except (OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                stub = any(STUB_MODE in self.log(n).lower() for n in self.procs)
                why = STUB_MESSAGE if stub else f"models {MODEL}, {URL_MODEL} not in /v1/models"
                self._fail(f"{why} after {timeout_s:.0f} s")
            time.sleep(0.25)

    def log(self, name: str) -> str:
        try:
            return self.logs[name].read_text(errors="replace")
        except OSError:
            return ""

    def logs_text(self, tail: int = 6000) -> str:
        return "".join(
            f"\n----- {name} log (last {tail} chars) -----\n{self.log(name)[-tail:]}"
            for name in self.logs
        )

    def _fail(self, why: str) -> None:
        raise DeploymentError(f"Dynamo deployment: {why}{self.logs_text()}")

    def __enter__(self) -> Deployment:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def alive(self) -> bool:
        return all(p.poll() is None for p in self.procs.values())

    def stop(self) -> None:
        """SIGTERM each process group, then SIGKILL the group (children too) after 10 s."""
        for p in self.procs.values():
            if p.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(p.pid, signal.SIGTERM)
        for p in self.procs.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(10)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGKILL)
            p.wait(10)

    # ------------------------------------------------------------------ requests

    def get_json(self, path: str, timeout: float = 30) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=timeout) as r:
            return json.loads(r.read())

    def chat(self, parts: list[dict], model: str = MODEL, timeout: float = 120) -> tuple[int, Any]:
        """POST one chat completion; (status, body) also for 4xx/5xx answers."""
        body = json.dumps(
            {
                "model": model,
                "messages": [{"role": "user", "content": parts}],
                "max_tokens": 1,
                "stream": False,
            }
        ).encode()
        req = urllib.request.Request(
            self.base + "/v1/chat/completions",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw)
            except ValueError:
                return e.code, raw.decode(errors="replace")

    def result(self, nonce: str) -> dict | None:
        """What the worker recorded for the request whose prompt carried ``nonce``."""
        p = self.results / f"{nonce}.json"
        return json.loads(p.read_text()) if p.exists() else None

    def request(self, parts: list[dict], words: str = "describe", model: str = MODEL) -> Answer:
        """One chat request with a fresh nonce in its prompt (the worker files its record
        under it) and ``words`` that steer the worker (``save``, ``stale``)."""
        nonce = str(next(self._nonces))
        text = {"type": "text", "text": f"{words} {' '.join(nonce)}"}
        status, body = self.chat([text, *parts], model=model)
        return Answer(self, nonce, status, body)


class Answer:
    """A request's HTTP status and body, and what the worker recorded for it (``record``:
    None when the request never reached it; ``array(what)``: ``image0``, ``raw0``,
    ``video0``, ``audio0``... as the worker saw them)."""

    def __init__(self, dep: Deployment, nonce: str, status: int, body: Any) -> None:
        self.dep, self.nonce, self.status, self.body = dep, nonce, status, body
        self.record = dep.result(nonce)

    def array(self, what: str) -> Any:
        import numpy as np

        return np.load(self.dep.results / f"{self.nonce}.{what}.npy")
