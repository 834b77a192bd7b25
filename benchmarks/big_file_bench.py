"""A 50,000-line file of ordinary jitted code (issue 25, point 5): the CLI's CPU time and peak
memory, and the language server's time to its first diagnostics and to an edit's.

    .venv/bin/python benchmarks/big_file_bench.py --before /work/main     # side by side
    .venv/bin/python benchmarks/big_file_bench.py --lines 20000
    .venv/bin/python benchmarks/big_file_bench.py --in-process     # the server's CPU, no protocol

The file is benchmarks/gen_big_jitted.py's. Each run is a fresh process, measured with
`os.wait4` (CPU seconds, user + system, and peak resident memory of that process alone):

- `acclint check --no-cache` of this checkout, and of `--before TREE` (another checkout, with
  its own interpreter `TREE/.venv/bin/python`) with its operator cap lifted where it has one
  (`acclint.parse.guard.MAX_PUNCTUATION`), since an older acclint refused the file; the rows
  say so and give the findings of each, which must be the same;
- the server, over stdio with pygls's client as an editor drives it (`python -m
  acclint.server`, this checkout only): the file opened, timed from `didOpen` to its
  diagnostics, then each edit (a `print` inside a jitted function in the middle of the file
  comes and goes) from `didChange` to its diagnostics.

Read the CPU column on a shared machine: wall time counts other people's processes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen_big_jitted import generate  # noqa: E402

LIFT_CAP = """
import sys
try:
    import acclint.parse.guard as guard
    guard.MAX_PUNCTUATION = 10 ** 9
except (ImportError, AttributeError):
    pass
from acclint.cli import entry
sys.argv[0] = "acclint"
entry()
"""


def run_cli(python: str, path: Path, lift: bool) -> dict:
    command = [python, "-c", LIFT_CAP] if lift else [python, "-m", "acclint"]
    command += ["check", "--no-cache", "--no-config", "--output-format", "json", str(path)]
    wall = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, cwd=path.parent)
        _, status, usage = os.wait4(child.pid, 0)
        stderr = child.stderr.read().decode()
        out.seek(0)
        data = out.read()
    wall = time.perf_counter() - wall
    try:
        findings = sorted((f["line"], f["column"], f["code"]) for f in json.loads(data))
    except ValueError:
        findings = None
    return {
        "cpu": usage.ru_utime + usage.ru_stime, "wall": wall, "peak_mb": usage.ru_maxrss / 1024,
        "status": os.waitstatus_to_exitcode(status), "findings": findings, "stderr": stderr.strip()[-300:],
    }


async def server_session(path: Path, edits: int, settle: float = 2.0) -> tuple[float, list[float], list[int]]:
    from lsprotocol import types
    from pygls.lsp.client import BaseLanguageClient as LanguageClient

    arrived: dict[int, tuple[float, int]] = {}
    client = LanguageClient("big-file-bench", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            arrived.setdefault(params.version, (time.perf_counter(), len(params.diagnostics)))

    async def wait(version: int) -> float:
        while version not in arrived:
            await asyncio.sleep(0.005)
        return arrived[version][0]

    await client.start_io(sys.executable, "-m", "acclint.server")
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=path.parent.as_uri(), name="bench")],
    ))
    client.initialized(types.InitializedParams())
    text = path.read_text()
    uri = path.as_uri()
    sent = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
    ))
    opened = await wait(1) - sent
    await asyncio.sleep(settle)  # the reader's pause before the first keystroke
    lines = text.splitlines()
    target = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("def step_"))
    line = target + 3  # `w, b = params["w"], params["b"]`, indented by four spaces
    latencies, counts = [], []
    for i in range(edits):
        insert = i % 2 == 0
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, 0), types.Position(line + (0 if insert else 1), 0)),
            text="    print(x)\n" if insert else "",
        )
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=i + 2), [change]
        ))
        latencies.append(await wait(i + 2) - sent)
        counts.append(arrived[i + 2][1])
        await asyncio.sleep(1.0)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return opened, latencies, counts


def server_in_process(path: Path, edits: int) -> tuple[float, float, list[float]]:
    """CPU seconds of the server's own work, without the protocol (acclint.server.projects.
    Workspace, as the server drives it): the lint of the file just opened, the preparation
    for edits that follows its diagnostics, then the lint of each edit (the project analysis
    the server runs in the background is left out)."""
    from acclint.server.app import settle_heap
    from acclint.server.projects import Workspace

    workspace = Workspace([str(path.parent)])
    text = path.read_text()
    workspace.edit(str(path), text.encode())
    cpu = time.process_time()
    workspace.lint(str(path))
    opened = time.process_time() - cpu
    cpu = time.process_time()
    if workspace.prepare_edits(str(path)):  # as the server does once the open's diagnostics are out
        settle_heap()
    prepared = time.process_time() - cpu
    lines = text.splitlines(keepends=True)
    target = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("def step_"))
    out = []
    for i in range(edits):
        edited = lines[: target + 3] + (["    print(x)\n"] if i % 2 == 0 else []) + lines[target + 3:]
        workspace.edit(str(path), "".join(edited).encode())
        cpu = time.process_time()
        workspace.lint(str(path))
        out.append(time.process_time() - cpu)
    return opened, prepared, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--before", type=Path, help="another checkout, run with TREE/.venv/bin/python")
    parser.add_argument("--edits", type=int, default=6, help="server edits (default 6)")
    parser.add_argument("--no-server", action="store_true")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds between the open's diagnostics and the first edit (default 2: the project "
                             "analysis that follows an open is then still running)")
    parser.add_argument("--in-process", action="store_true", help="the server's work in this process, in CPU seconds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big_jitted.py"
        path.write_text(generate(args.lines))
        print(f"{path.name}: {args.lines:,} lines, {path.stat().st_size / 1e6:.1f} MB")
        runs = [("this checkout", sys.executable, False)]
        if args.before:
            runs.append((f"{args.before} (operator cap lifted)", str(args.before / ".venv" / "bin" / "python"), True))
            runs.append((f"{args.before} as it is", str(args.before / ".venv" / "bin" / "python"), False))
        found = {}
        print(f"{'CLI':48} {'CPU s':>7} {'wall s':>7} {'peak MB':>8}  result")
        for name, python, lift in runs:
            r = run_cli(python, path, lift)
            found[name] = r["findings"]
            said = f"{len(r['findings'])} findings" if r["findings"] is not None else f"refused: {r['stderr'][-120:]}"
            print(f"{name:48} {r['cpu']:7.2f} {r['wall']:7.2f} {r['peak_mb']:8.0f}  exit {r['status']}, {said}")
        if args.before and found[runs[1][0]] is not None:
            same = found[runs[0][0]] == found[runs[1][0]]
            print(f"findings identical to {args.before}'s: {same}")
        if args.in_process:
            opened, prepared, cpus = server_in_process(path, args.edits)
            print(f"server, in process: lint of the opened file {opened:.2f} CPU s, then {prepared:.2f} s preparing for edits")
            print(f"server, in process: lint after each edit, CPU s: {' '.join(f'{t:.2f}' for t in cpus)}")
        elif not args.no_server:
            opened, latencies, counts = asyncio.run(server_session(path, args.edits, args.settle))
            print(f"server: open to first diagnostics {opened:.2f} s")
            print(f"server: edit to its diagnostics, s: {' '.join(f'{t:.2f}' for t in latencies)} (diagnostics: {counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
