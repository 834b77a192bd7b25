"""Where a cold single-process run spends its CPU, and how much of libcst's parse a lazy,
per-statement parse could skip (issue 34 point 1's measurement).

    nice .venv/bin/python benchmarks/cold_stages.py /tmp/corpus34 [--part stages|lazy]
    nice .venv/bin/python benchmarks/cold_stages.py --lines 10000 20000 50000

Two parts, on the corpus of lint_corpus.py (or any paths given with `--paths`):

1. **Stages.** `acclint check --no-cache --jobs 1 --output-format json` runs in this process
   with a CPU timer (`time.process_time`) around each stage's entry function: the front end's
   screening (decoding, the parse guard's `ast.parse`, the `ast` prefilter), the project index
   (`FileIndex.of`, with `hand_offs`, which reading installed libraries calls too), libcst's
   `parse_module`, the module analysis (with the module index and the context analysis), the
   rules (with their walk of the traced bodies), placing findings, and libcst's metadata (the
   positions of a whole module, which the trace-time model of module bindings and placing
   without an outline resolve, within the rows above). Times are inclusive, so an
   indented stage is part of the one above it (the hand-offs of installed libraries aside);
   what no timer covers (planning, the project's reach, reading installed libraries, output)
   is the rest. `ast.parse` of every file, in a fresh process, is the yardstick.

2. **What a lazy parse would keep.** For every file the project parsed with libcst, its top-level
   statements: those holding a function the analysis found traced (the least any lazy parse
   must keep), and the statements a name closure keeps, built with the language server's slice
   rule (acclint.server.slices: what a statement spells and binds at module level, imports,
   docstrings, literals and aliases as leaves), started from the traced statements and all
   module-level code and imports, as the slice rule has every slice hold them:
   - `both`: the slice rule itself (a name spelled leads to its binders, a name bound to its
     spellers and other binders), the closure the server proves exact for a slice;
   - `forward`: only a name spelled to its binders (what traced code and module code reach).
   And the files the project parsed whose analysis found no traced function at all.

`--lines N [N ...]` runs the stages alone (part 1) on gen_big_jitted.py's file of each size, each
in a fresh process, and gives each stage's growth exponent between sizes (1: grows as the file
does; more: work that grows faster than the file, such as a per-call search of the whole module).

A lazy parse pays only where the statements it must keep are a small share of the bytes libcst
parses now; the second part says how small a share a closure of names can prove.
"""

from __future__ import annotations

import argparse
import ast
import bisect
import io
import json
import math
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from lint_corpus import corpus_files, site_packages  # noqa: E402

PARSE_ALL = """
import ast, sys, time
sources = [open(f, 'rb').read() for f in sys.argv[1:]]
start = time.process_time()
for source in sources:
    ast.parse(source)
print(time.process_time() - start)
"""

# (module, attribute, label): the stages timed, each label indented under the stage it is part of.
STAGES = (
    ("acclint.parse.frontend", "screen", "front end: decode, guard (`ast.parse`), `ast` prefilter"),
    ("acclint.parse.guard", "check_source", "  the guard's `ast.parse` and bounds"),
    ("acclint.parse.prefilter", "marker_names", "  the `ast` prefilter"),
    ("acclint.analysis.project", "FileIndex.of", "project index of every screened file (`ast`)"),
    ("acclint.analysis.wrappers", "hand_offs",
     "  hand-offs (the index's, and installed libraries' modules': partly outside the row above)"),
    ("acclint.analysis.worth_parsing", "spells_a_word", "wrappers spelled (`ast`, where a `Wrappers` seed alone could make libcst parse)"),
    ("libcst", "parse_module", "libcst `parse_module`"),
    ("acclint.analysis.module", "ModuleAnalysis.__init__", "module analysis"),
    ("acclint.analysis.scopes", "index_module", "  module index (scopes, imports)"),
    ("acclint.analysis.contexts", "ContextAnalysis.run", "  context analysis"),
    ("acclint.lint.engine", "_run_rules", "rules (and an analysis not made by the project)"),
    ("acclint.lint.engine", "_traverse", "  the rules' walk of traced bodies"),
    ("acclint.lint.engine", "_locate", "placing findings"),
    ("libcst.metadata", "MetadataWrapper.resolve", "  libcst metadata (positions of a whole module; within the rows above)"),
)


CALLS = "calls: "  # `spent` also counts each stage's calls, under this prefix


LIBCST = next(label for module, _, label in STAGES if module == "libcst")


def _timed(label: str, function, spent: dict[str, float]):
    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start
            spent[CALLS + label] += 1

    return timed


def _install_timers(spent: dict[str, float]) -> None:
    """Wrap each stage's function, wherever acclint's modules hold it (a `from x import f` copy
    too). A stage renamed away fails here, by name, rather than timing nothing."""
    import importlib

    # every module a run imports, so that their copies of a stage's function are found
    import acclint.cli  # noqa: F401
    import acclint.run.registry  # noqa: F401

    for module_name, attribute, label in STAGES:
        holder = importlib.import_module(module_name)
        owner, _, name = attribute.rpartition(".")
        if owner:
            cls = getattr(holder, owner)
            setattr(cls, name, _timed(label, getattr(cls, name), spent))
            continue
        original = getattr(holder, name)
        wrapped = _timed(label, original, spent)
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is original:
                setattr(module, name, wrapped)


def _run_timed(files: list[str]) -> tuple[dict[str, float], float]:
    """Each stage's CPU seconds in a run over `files` in this process, and the run's."""
    spent: dict[str, float] = defaultdict(float)
    _install_timers(spent)
    from acclint.cli import main

    sys.argv = ["acclint", "check", "--no-cache", "--jobs", "1", "--no-config", "--output-format", "json", *files]
    stdout, sys.stdout = sys.stdout, io.StringIO()
    start = time.process_time()
    try:
        main()
    finally:
        sys.stdout = stdout
    return spent, time.process_time() - start


def stages(files: list[str], as_json: bool = False) -> None:
    yardstick = float(subprocess.run([sys.executable, "-c", PARSE_ALL, *files], capture_output=True, text=True, check=True).stdout)
    spent, total = _run_timed(files)
    if as_json:
        print(json.dumps({"spent": spent, "total": total, "yardstick": yardstick}))
        return
    print(f"`ast.parse` of every file (a fresh process): {yardstick:.2f} s CPU\n")
    print("| stage | calls | CPU s | share | / `ast.parse` |")
    print("|---|---|---|---|---|")
    covered = 0.0
    for _, _, label in STAGES:
        if not label.startswith(" "):
            covered += spent[label]
        shown = f"· {label.strip()}" if label.startswith(" ") else label
        print(f"| {shown} | {spent[CALLS + label]:.0f} | {spent[label]:.2f} | {spent[label] / total:.0%} | {spent[label] / yardstick:.1f}x |")
    rest = total - covered
    print(f"| the rest (plan, reach, installed libraries, output) | | {rest:.2f} | {rest / total:.0%} | {rest / yardstick:.1f}x |")
    print(f"| **the whole run** | | {total:.2f} | 100% | {total / yardstick:.1f}x |")
    without = total - spent[LIBCST]
    print(f"\nWithout libcst's parse at all the run would be {without:.2f} s CPU: {without / yardstick:.1f}x `ast.parse`.\n")


def growth(sizes: list[int]) -> None:
    """The stages on gen_big_jitted.py's file of each size in `sizes` (lines), each run a fresh
    process, and each stage's growth exponent from one size to the next: log(CPU ratio) /
    log(size ratio), 1 for work that grows as the file does, 2 for work that grows as its square."""
    from gen_big_jitted import generate

    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            path = Path(folder) / f"big{size}.py"
            path.write_text(generate(size), encoding="utf-8")
            done = subprocess.run([sys.executable, __file__, "--paths", str(path), "--part", "stages", "--json"],
                                  capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout.splitlines()[-1]))
    labels = [label for _, _, label in STAGES]
    rows = [(label, [run["spent"].get(label, 0.0) for run in runs]) for label in labels]
    rows.append(("the rest (plan, reach, installed libraries, output)", [
        run["total"] - sum(run["spent"].get(label, 0.0) for label in labels if not label.startswith(" ")) for run in runs]))
    rows.append(("**the whole run**", [run["total"] for run in runs]))
    rows.append(("`ast.parse` of the file (a fresh process)", [run["yardstick"] for run in runs]))
    steps = list(zip(sizes, sizes[1:]))
    print("| stage | " + " | ".join(f"{size:,} lines, CPU s" for size in sizes) + " | "
          + " | ".join(f"exponent {a // 1000}k→{b // 1000}k" for a, b in steps) + " |")
    print("|---" * (1 + len(sizes) + len(steps)) + "|")
    for label, seconds in rows:
        shown = f"· {label.strip()}" if label.startswith(" ") else label
        exponents = [
            f"{math.log(y / x) / math.log(b / a):.2f}" if x > 0.05 and y > 0.05 else "-"
            for (a, b), x, y in zip(steps, seconds, seconds[1:])
        ]
        print(f"| {shown} | " + " | ".join(f"{s:.2f}" for s in seconds) + " | " + " | ".join(exponents) + " |")


def _closure(names: list, start: set[int], both: bool, callers: set[int] = frozenset()) -> set[int]:
    """The statements reached from `start` through names bound by statements that are no leaf
    (acclint.server.slices' rule; `both`: also from a name bound to its spellers and binders;
    `callers`: statements whose bound names lead to their spellers, `both` or not)."""
    binders: dict[str, list[int]] = {}
    spellers: dict[str, list[int]] = {}
    for i, found in enumerate(names):
        for name in found.bound:
            binders.setdefault(name, []).append(i)
        for name in found.spelled:
            spellers.setdefault(name, []).append(i)
    leaves = {"import", "docstring", "literal", "alias"}
    kept: set[int] = set()
    queue: list[int] = []

    def keep(i: int) -> None:
        if i not in kept:
            kept.add(i)
            if names[i].kind not in leaves:
                queue.append(i)

    for i in start:
        keep(i)
    for i in callers:
        for name in names[i].bound:
            for j in spellers.get(name, ()):
                keep(j)
    while queue:
        found = names[queue.pop()]
        for name in found.spelled:
            for j in binders.get(name, ()):
                keep(j)
        if both:
            for name in found.bound:
                for j in (*spellers.get(name, ()), *binders.get(name, ())):
                    keep(j)
    return kept


def _naming_a_marker(tree: ast.Module, markers, wrappers: list) -> list[bool]:
    """Per top-level statement of `tree`: whether a name in it may resolve to a context marker
    or to a wrapper of another module or installed library (`wrappers`: the file's `Wrappers`
    seeds; a wrapper method counts by its name alone), by the `ast` prefilter's own
    over-approximation (acclint.parse.prefilter) applied to each statement alone, with the
    bindings of the whole module."""
    from acclint.parse.prefilter import _binds, _chain, _resolves, _targets

    targets, tails, prefixes = _targets(markers)
    functions = {name for seed in wrappers for name, *_ in seed.functions}
    methods = {name.rsplit(".", 1)[-1] for seed in wrappers for name, *_ in seed.methods}
    targets = targets | functions
    tails = tails | {name.rsplit(".", 1)[-1] for name in functions} | methods
    prefixes = prefixes | {name[:i] for name in functions for i in range(len(name) + 1) if i == len(name) or name[i] == "."}
    bindings: dict[str, set[str]] = {}
    aliases: list = []
    for node in ast.walk(tree):
        _binds(node, bindings, aliases, targets, prefixes)
    _resolves(bindings, aliases, [], targets, prefixes)  # binds the aliases, whatever it answers
    out = []
    for statement in tree.body:
        found = False
        for node in ast.walk(statement):
            if type(node) is ast.Name and (node.id in targets or bindings.get(node.id, set()) & targets):
                found = True
            elif type(node) is ast.Attribute and node.attr in tails:
                chain = _chain(node)
                found = node.attr in methods or (chain is not None and _resolves(bindings, [], [chain], targets, prefixes))
            elif type(node) in (ast.Import, ast.ImportFrom):
                found = any(q in targets for alias in node.names for q in bindings.get(alias.asname or alias.name.split(".")[0], ()))
            if found:
                break
        out.append(found)
    return out


def _statement_of_line(module) -> list[int]:
    """The (1-based) first line of each of libcst's top-level statements, leading lines included,
    and the line after the last."""
    line = 1 + len(module.header)
    starts = []
    for statement in module.body:
        starts.append(line)
        line += module.code_for_node(statement).count("\n")
    return [*starts, line]


def lazy_bound(files: list[str]) -> None:
    from acclint.run.config import Settings
    from acclint.run.plan import plan
    from acclint.analysis.wrappers import Wrappers
    from acclint.server.slices import names_of

    work = plan(files, Settings())
    project, seeds = work.project()
    totals: dict[str, int] = defaultdict(int)
    for path in dict.fromkeys(project.analysed):  # the files parsed with libcst, once each
        module = project.module(path)
        analysis = project.analysis(path, seeds.get(path, ()))
        if module is None or analysis is None:
            continue
        body = module.body
        size = [len(module.code_for_node(statement)) for statement in body]
        names = [names_of(statement) for statement in body]
        traced = {i for i, statement in enumerate(body) if any(fn.statement is statement for fn in analysis.functions)}
        code = {i for i, found in enumerate(names) if found.kind in ("code", "import", "docstring")}
        # the statements that name a marker, or define a function another file's seed names
        tree = ast.parse(project.read(path))
        starts = _statement_of_line(module)
        roots = set()
        # a seed names a function by its qualified name in its module (`Linear.__call__`)
        seeded = {seed.function.split(".")[0] for seed in seeds.get(path, ()) if isinstance(getattr(seed, "function", None), str)}
        wrappers = [seed for seed in seeds.get(path, ()) if isinstance(seed, Wrappers)]
        for statement, naming in zip(tree.body, _naming_a_marker(tree, project.markers, wrappers)):
            first = min([statement.lineno, *(d.lineno for d in getattr(statement, "decorator_list", ()))])
            i = bisect.bisect_right(starts, first) - 1
            if naming or getattr(statement, "name", None) in seeded:
                roots.add(min(i, len(body) - 1))
        imports = {i for i, found in enumerate(names) if found.kind == "import"}
        marker_closure = _closure(names, roots | imports, False, callers=roots)
        totals["traced statements outside the marker closure"] += len(traced - marker_closure)
        totals["files"] += 1
        totals["statements"] += len(body)
        totals["bytes"] += sum(size)
        if not analysis.functions:
            totals["files without a traced function"] += 1
            totals["bytes of files without a traced function"] += sum(size)
        for kind, kept in (("traced", traced), ("both", _closure(names, traced | code, True)),
                           ("forward", _closure(names, traced | code, False)), ("markers", marker_closure)):
            totals[f"{kind} statements"] += len(kept)
            totals[f"{kind} bytes"] += sum(size[i] for i in kept)
    print(f"Files libcst parsed: {totals['files']}, {totals['statements']:,} top-level statements, "
          f"{totals['bytes']:,} bytes.\n")
    print("| statements kept | statements | share | bytes | share |")
    print("|---|---|---|---|---|")
    for kind, name in (("traced", "holding a traced function (the least a lazy parse keeps)"),
                       ("forward", "closure `forward`: names spelled, to their binders"),
                       ("both", "closure `both`: the server's slice rule"),
                       ("markers", "closure from the statements naming a marker or wrapper, or seeded: `forward`, and their callers")):
        s, b = totals[f"{kind} statements"], totals[f"{kind} bytes"]
        print(f"| {name} | {s:,} | {s / totals['statements']:.1%} | {b:,} | {b / totals['bytes']:.1%} |")
    n, b = totals["files without a traced function"], totals["bytes of files without a traced function"]
    print(f"\nFiles parsed whose analysis found no traced function: {n} of {totals['files']}, "
          f"{b:,} bytes ({b / totals['bytes']:.1%} of the bytes parsed).")
    print(f"Statements holding a traced function outside the closure from markers: "
          f"{totals['traced statements outside the marker closure']}.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, nargs="?", help="the corpus venv (or its site-packages)")
    parser.add_argument("--paths", nargs="+", help="lint these files instead of the corpus")
    parser.add_argument("--part", choices=("stages", "lazy"), help="measure this part alone")
    parser.add_argument("--lines", type=int, nargs="+",
                        help="the stages on gen_big_jitted.py's file of each size, and how each grows")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a run for --lines
    args = parser.parse_args()
    if args.lines:
        growth(args.lines)
        return 0
    if args.paths:
        files = [str(Path(p).resolve()) for p in args.paths]
    elif args.corpus:
        files = corpus_files(site_packages(args.corpus))
    else:
        parser.error("give the corpus venv or --paths")
    if args.part != "lazy":
        stages(files, args.json)
    if args.part != "stages":
        lazy_bound(files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
