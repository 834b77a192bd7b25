"""How soon the language server answers: diagnostics for a file just opened in a 500-file
project, first and once the project analysis refines them, and for each edit of a 2,000-line
file, measured from the moment the message is sent to the moment the diagnostics arrive, over
stdio, with pygls's client, against `python -m acclint.server`.

The project is generated (so the figure can be reproduced anywhere): a package of 499 modules
of about 120 lines each, one in ten with a jitted function that calls helpers of another
module (the project-wide reach has work to do), and `big.py`, 2,000 lines, whose jitted
functions call helpers across the package. Each edit toggles one line inside a jitted
function of `big.py`, as an incremental change, the way an editor sends a keystroke:

- a *body edit* (`print(x);` comes and goes: an ACC401) changes nothing other files see, so
  the server lints big.py alone; paced (one edit every 1.5 s) and typing (one every 0.15 s);
- a *reach edit* (the call to a helper of another module comes and goes) changes what other
  files see, so the project's seeds are worked out again in the background.

Opening a file, each time in a fresh server (the project not yet analysed), as an editor's
first file of a session: `mod_015.py` (120 lines, no traced function of its own; big.py jits
one of its helpers, which prints, so its one finding comes from the project analysis) alone,
timed to its first diagnostics and to the refined ones (those equal to `acclint check`'s); then
the same with big.py opened as soon as mod_015.py's first diagnostics arrive, while the project
is analysed, timed to big.py's first diagnostics. `--baseline TREE` runs these sessions also
with the server of another source tree (PYTHONPATH=TREE, e.g. a `git worktree` of an older
commit), alternately, so that before and after share the machine's load.

Then, in-process (acclint.server.projects.Workspace, no protocol), wall and CPU seconds of the
steps behind one answer: the reparse of the edited statement (the whole file's parse guard and
a full parse shown beside it), the module analysis as the server makes it after an edit (from
scratch beside it) and the rest of the engine as the server runs it, with the code generated
for the statements the edit left alone cached (without the cache beside it). Read the CPU
column on a shared machine.

    .venv/bin/python benchmarks/server_latency.py            # prints the table
    .venv/bin/python benchmarks/server_latency.py --edits 40 --keep /tmp/latency-project
    .venv/bin/python benchmarks/server_latency.py --opens 7 --baseline /tmp/acclint-before
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

MODULES = 499
BIG_LINES = 2000
TARGET_MS = 300
# The edits, each toggling one line of a jitted function of big.py: (its offset from the
# function's first body line, the other version of the line). A body edit adds a print (an
# ACC401) and changes nothing other files see; a reach edit drops the call to a helper of
# another module, so that the project's seeds must be worked out again.
BODY = (0, "    print(x); y = x * 2.0")
REACH = (13, "    y = y  # no helper call")
RHYTHMS = (("body edit, paced", BODY, 1.5), ("body edit, typing", BODY, 0.15), ("reach edit, paced", REACH, 1.5))
OPENED = "mod_015.py"  # its finding comes from big.py's reach: 15 % 3 == 0, helper_3 prints
OPEN_TARGET_MS = 500


def helper_module(k: int) -> str:
    """About 120 lines: twelve helpers; one module in ten also jits a step that calls the
    helpers of the next module (a reach across files), and one helper in three prints."""
    parts = ["import jax", "import jax.numpy as jnp", ""]
    if k % 10 == 0:
        parts.append(f"from pkg.mod_{(k + 1) % MODULES:03d} import helper_0, helper_1")
    parts.append("")
    for h in range(12):
        body = "    print(x)\n" if h % 3 == 0 else ""
        parts.append(textwrap.dedent(f"""\

            def helper_{h}(x, scale=2.0):
                \"\"\"Helper {h} of module {k}.\"\"\"
                y = jnp.tanh(x) * scale
                z = jnp.sum(y ** 2)
            """) + body + "    return y + z\n")
    if k % 10 == 0:
        parts.append(textwrap.dedent("""\

            @jax.jit
            def step(x):
                y = helper_0(x)
                return helper_1(y)
            """))
    return "\n".join(parts) + "\n"


def big_module() -> tuple[str, int]:
    """A 2,000-line module, and the 0-based line that the benchmark edits."""
    lines = ["import jax", "import jax.numpy as jnp", ""]
    lines += [f"from pkg.mod_{k:03d} import helper_{k % 12} as h{k}" for k in range(0, 400, 5)]
    edited = None
    n = 0
    while len(lines) < BIG_LINES - 20:
        lines += ["", ""]
        if n % 3 == 0:
            lines.append("@jax.jit")
        lines.append(f"def function_{n}(x, y0=None):")
        lines.append(f'    """Function {n}: a few array operations and a helper call."""')
        if n % 3 == 0 and edited is None and len(lines) > BIG_LINES // 2:
            edited = len(lines)
        lines.append("    y = x * 2.0")
        for i in range(12):
            lines.append(f"    y = jnp.sin(y) + {i}.0 * jnp.cos(x)")
        lines.append(f"    y = h{(n * 5) % 400}(y)")
        if n % 7 == 0:
            lines.append("    if x > 0:")
            lines.append("        y = y + 1")
        lines.append("    return y")
        n += 1
    while len(lines) < BIG_LINES:
        lines.append("# padding")
    return "\n".join(lines) + "\n", edited


def make_project(root: Path) -> Path:
    (root / "pyproject.toml").write_text('[project]\nname = "bench"\n\n[tool.acclint]\n')
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for k in range(MODULES):
        (package / f"mod_{k:03d}.py").write_text(helper_module(k))
    text, _ = big_module()
    (package / "big.py").write_text(text)
    return package / "big.py"


class Timing:
    """When the diagnostics of each version of each document arrived."""

    def __init__(self) -> None:
        self.arrived: dict[tuple[str, int | None], float] = {}
        self.counts: dict[tuple[str, int | None], int] = {}
        self.events: dict[tuple[str, int | None], asyncio.Event] = {}

    def record(self, params: types.PublishDiagnosticsParams) -> None:
        key = (params.uri, params.version)
        self.arrived.setdefault(key, time.perf_counter())
        self.counts[key] = len(params.diagnostics)
        self.events.setdefault(key, asyncio.Event()).set()

    async def wait(self, uri: str, version: int, timeout: float = 120.0) -> float:
        """When the diagnostics of this version arrived (waiting without polling, so that the
        client takes no CPU from the server)."""
        event = self.events.setdefault((uri, version), asyncio.Event())
        await asyncio.wait_for(event.wait(), timeout)
        return self.arrived[(uri, version)]


class Arrivals:
    """Every publish of each document, in order: (when, its findings as (line, code))."""

    def __init__(self) -> None:
        self.seen: dict[str, list[tuple[float, list[tuple[int, str]]]]] = {}
        self.changed = asyncio.Event()

    def record(self, params: types.PublishDiagnosticsParams) -> None:
        found = sorted((d.range.start.line + 1, str(d.code)) for d in params.diagnostics)
        self.seen.setdefault(params.uri, []).append((time.perf_counter(), found))
        self.changed.set()

    async def until(self, uri: str, wanted=lambda found: True, timeout: float = 120.0) -> float:
        """When the first publish of `uri` that `wanted` accepts arrived (waiting without
        polling)."""
        deadline = time.perf_counter() + timeout
        while True:
            for when, found in self.seen.get(uri, ()):
                if wanted(found):
                    return when
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.perf_counter()))


def expected_findings(root: Path, path: Path) -> list[tuple[int, str]]:
    """What `acclint check` finds in `path` (run in-process with the project's settings)."""
    from acclint.api import run
    from acclint.run.config import load_settings

    here = os.getcwd()
    os.chdir(root)
    try:
        report = run(["."], load_settings(root / "pyproject.toml"))
    finally:
        os.chdir(here)
    return sorted((f.line, f.code) for f in report.findings if (root / f.path).resolve() == path.resolve())


async def open_session(root: Path, tree: Path | None, expected: list[tuple[int, str]], with_big: bool) -> dict[str, float]:
    """One fresh server: open OPENED (and, if `with_big`, big.py as soon as OPENED's first
    diagnostics arrive); milliseconds to each answer."""
    arrivals = Arrivals()
    client = LanguageClient("server-latency", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        arrivals.record(params)

    env = dict(os.environ, PYTHONPATH=str(tree)) if tree is not None else None
    await client.start_io(sys.executable, "-m", "acclint.server", env=env, cwd=str(root))
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")],
    ))
    client.initialized(types.InitializedParams())

    def open_file(path: Path) -> tuple[str, float]:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=path.as_uri(), language_id="python", version=1, text=path.read_text())
        ))
        return path.as_uri(), time.perf_counter()

    uri, opened = open_file(root / "pkg" / OPENED)
    first = await arrivals.until(uri)
    out = {"first": (first - opened) * 1000}
    if arrivals.seen[uri][0][1] == expected:
        raise SystemExit(f"{OPENED}'s first diagnostics are already the refined ones: nothing to refine")
    if with_big:
        big_uri, big_opened = open_file(root / "pkg" / "big.py")
        out["big first"] = (await arrivals.until(big_uri) - big_opened) * 1000
    out["refined"] = (await arrivals.until(uri, lambda found: found == expected) - opened) * 1000
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


OPEN_ROWS = (
    (False, "first", f"open {OPENED} to first diagnostics"),
    (False, "refined", f"open {OPENED} to refined diagnostics"),
    (True, "big first", "then big.py, to its first diagnostics"),
    (True, "refined", f"  ({OPENED}: to refined diagnostics)"),
)


async def measure_opens(root: Path, sessions: int, baseline: Path | None) -> dict[str, dict[str, list[float]]]:
    """The open rows (OPEN_ROWS), `sessions` fresh servers each, for this tree ('after') and
    the baseline ('before'), alternately."""
    expected = expected_findings(root, root / "pkg" / OPENED)
    trees = {"before": baseline, "after": None} if baseline is not None else {"after": None}
    results = {name: {row: [] for _, _, row in OPEN_ROWS} for name in trees}
    for _ in range(sessions):
        for with_big in (False, True):
            for name, tree in trees.items():
                got = await open_session(root, tree, expected, with_big)
                for big, key, row in OPEN_ROWS:
                    if big == with_big:
                        results[name][row].append(got[key])
    return results


async def measure(big: Path, edits: int) -> dict[str, list[float]]:
    timing = Timing()
    client = LanguageClient("server-latency", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        timing.record(params)

    await client.start_io(sys.executable, "-m", "acclint.server")
    root = big.parent.parent
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")],
    ))
    client.initialized(types.InitializedParams())
    text, line = big_module()
    uri = big.as_uri()
    started = time.perf_counter()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
    ))
    first = await timing.wait(uri, 1) - started
    # The first project analysis republishes big.py when its seeds change; wait until quiet.
    quiet = time.perf_counter()
    seen = len(timing.arrived)
    while time.perf_counter() - quiet < 3.0:
        await asyncio.sleep(0.1)
        if len(timing.arrived) != seen:
            seen, quiet = len(timing.arrived), time.perf_counter()
    results = {"open big.py on an idle server": [first * 1000]}
    version = 1
    for name, (offset, variant), gap in RHYTHMS:
        latencies = []
        original = text.splitlines()[line + offset]
        for i in range(edits):
            version += 1
            new, old = (variant, original) if i % 2 == 0 else (original, variant)
            change = types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line + offset, 0), types.Position(line + offset, len(old))), text=new,
            )
            sent = time.perf_counter()
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change]
            ))
            if gap > 0.5:
                latencies.append((await timing.wait(uri, version) - sent) * 1000)
                await asyncio.sleep(gap)
            else:
                await asyncio.sleep(gap)
                latencies.append((await timing.wait(uri, version) - sent) * 1000)
        if edits % 2:  # leave the text as it was for the next rhythm
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(line + offset, 0), types.Position(line + offset, len(variant))),
                    text=original,
                )],
            ))
            await timing.wait(uri, version)
            await asyncio.sleep(gap)
        results[name] = latencies
    counts = {timing.counts[(uri, v)] for v in range(2, version + 1) if (uri, v) in timing.counts}
    if len(counts) < 2:
        raise SystemExit(f"the edits did not toggle a finding (diagnostic counts seen: {sorted(counts)})")
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return results


def in_process(big: Path) -> list[tuple[str, float, float]]:
    """(what, wall s, CPU s) for the steps behind one answer, without the protocol: the lint of
    the edited big.py split into the reparse, the module analysis and the rest of the engine
    (rules, positions, noqa), and the project re-analysis a reach edit starts."""
    import libcst as cst

    from acclint.analysis.module import ModuleAnalysis
    from acclint.api import lint_bytes
    from acclint.parse.guard import check_source
    from acclint.server.projects import Workspace
    from acclint.server.reparse import Parsed, reparse, statement_starts

    workspace = Workspace([str(big.parent.parent)])
    path = str(big)
    text, line = big_module()
    workspace.edit(path, text.encode())
    scope = workspace.scope(path)
    rows = []

    def timed(what, work):
        wall, cpu = time.perf_counter(), time.process_time()
        out = work()
        rows.append((what, time.perf_counter() - wall, time.process_time() - cpu))
        return out

    timed("first project analysis (cold: parses)", lambda: workspace.reanalyse(scope, path))
    edited = text.splitlines(keepends=True)
    original = edited[line + BODY[0]]
    for what, new in (("(also finds where statements start)", BODY[1] + "\n"), ("(the next one)", original)):
        previous = "".join(edited).encode()
        edited[line + BODY[0]] = new
        source = "".join(edited).encode()
        workspace.edit(path, source)
        timed(f"server lint of big.py after a body edit {what}", lambda: workspace.lint(path))
    options = scope.options_of(path)

    def analyse(module, previous=None):
        return ModuleAnalysis(
            module, options.markers, options.pedantic, options.module_name, options.seeds, scope.in_project, previous
        )

    last = cst.parse_module(previous)
    last = Parsed(previous, last, statement_starts(last))
    earlier = analyse(last.module)
    module = timed("  reparse of the edited statement (its parse guard included)", lambda: reparse(last, source)).module
    timed("  (the parse guard of the whole file instead, for comparison)", lambda: check_source(source))
    timed("  (a full libcst parse, for comparison)", lambda: cst.parse_module(source))
    analysis = timed("  module analysis (index walks, body facts of unedited statements reused)", lambda: analyse(module, earlier))
    timed("  (the module analysis from scratch, for comparison)", lambda: analyse(module))
    positions = {}  # the server's cache, as the lint of the last version left it
    lint_bytes(previous, "big.py", scope.settings, options, last.module, earlier, positions)
    timed(
        "  rules, positions (unedited statements' cached), noqa (lint_bytes)",
        lambda: lint_bytes(source, "big.py", scope.settings, options, module, analysis, positions),
    )
    timed(
        "  (the same without the positions cache, for comparison)",
        lambda: lint_bytes(source, "big.py", scope.settings, options, module, analysis),
    )
    edited[line + BODY[0]] = text.splitlines(keepends=True)[line + BODY[0]]
    edited[line + REACH[0]] = REACH[1] + "\n"
    workspace.edit(path, "".join(edited).encode())
    workspace.lint(path)
    if scope.analysed == scope.generation:
        raise SystemExit("the reach edit did not make the project analysis stale")
    timed("project re-analysis after a reach edit", lambda: workspace.reanalyse(scope, path))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20, help="edits per rhythm (default 20)")
    parser.add_argument("--keep", type=Path, help="generate the project here and keep it")
    parser.add_argument("--opens", type=int, default=5, help="fresh servers per open row (default 5)")
    parser.add_argument("--baseline", type=Path, help="also time the opens with the server of this source tree")
    parser.add_argument("--opens-only", action="store_true", help="time the opens alone (no edits, no in-process steps)")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=False)
        root = args.keep
    else:
        root = Path(tempfile.mkdtemp(prefix="acclint-latency-"))
    big = make_project(root)
    files = sum(1 for _ in root.rglob("*.py"))
    lines = sum(p.read_text().count("\n") for p in root.rglob("*.py"))
    print(f"project: {files} files, {lines} lines; big.py {big.read_text().count(chr(10))} lines; {os.cpu_count()} CPUs")
    opens = asyncio.run(measure_opens(root, args.opens, args.baseline))
    print(f"{'open to diagnostics (ms), fresh servers':<44}", *(f"{name + ': median':>16} {'min':>6} {'max':>6}" for name in opens))
    for _, _, row in OPEN_ROWS:
        cells = [f"{statistics.median(v[row]):>16.0f} {min(v[row]):>6.0f} {max(v[row]):>6.0f}" for v in opens.values()]
        print(f"{row:<44}", *cells)
    worst_first = max(opens["after"][OPEN_ROWS[0][2]])
    print(f"target: {OPENED}'s first diagnostics within {OPEN_TARGET_MS} ms of opening it: "
          f"{'met' if worst_first <= OPEN_TARGET_MS else 'NOT met'} (worst {worst_first:.0f} ms)")
    if args.opens_only:
        return 0
    results = asyncio.run(measure(big, args.edits))
    print(f"{'edit to diagnostics (ms)':<30} {'n':>3} {'median':>8} {'p90':>8} {'max':>8}")
    for name, values in results.items():
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        print(f"{name:<30} {len(values):>3} {statistics.median(values):>8.0f} {p90:>8.0f} {max(values):>8.0f}")
    print(f"{'in-process step':<68} {'wall s':>8} {'CPU s':>8}")
    for name, wall, cpu in in_process(big):
        print(f"{name:<68} {wall:>8.3f} {cpu:>8.3f}")
    worst = max(max(v) for k, v in results.items() if k != "open big.py on an idle server")
    print(f"target: every edit answered within {TARGET_MS} ms: {'met' if worst <= TARGET_MS else 'NOT met'} (worst {worst:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
