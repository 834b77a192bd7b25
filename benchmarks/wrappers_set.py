"""The wrappers set (issue 33): bodies in public code that a framework traces for sure, reached
only through something other than a marker spelled at the body (a project's or a library's
wrapper, a higher-order function, an object handed to a marker, a dataset's `map`), each with a
probe line put at its top. Recall is the share of probes acclint reports.

`wrappers_set.tsv` lists the bodies (one a line: code base, folder linted, file, the `def`'s line
and name, the probe statement, the shape, why the body is traced for sure, read off the code
and, for a library, off its source, and which stop chose it: the rows of a later stop come from
code bases no earlier row came from, written down before any change made for them, so their
recall is reported apart from the rows the linter was tuned on). The code bases are the real-code benchmark's
(benchmarks/realworld, extracted under one folder). For each linted folder the script copies it
to a temporary folder, puts each of its probes as the first statement of its body (after a
docstring), lints the copy with the API (`--no-cache`), and counts a probe found where some
finding sits on its line. The probes are written so that any traced context reports them
(`print(...)`: ACC401 under JAX/TF/Keras; `if x.sum() > 0: pass`: ACC201 under torch.compile, also with fullgraph=True, where `.item()` compiles;
without fullgraph that is a graph break, reported only with `--strictness pedantic`, so a folder
with such a probe is linted a second time so, and its graph-break findings count too).

    python benchmarks/wrappers_set.py /work/realworld            # every body
    python benchmarks/wrappers_set.py /work/realworld --list     # each body, found or missed
    python benchmarks/wrappers_set.py /work/realworld --chosen stop42   # one stop's rows only
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
TABLE = HERE / "wrappers_set.tsv"


@dataclass(frozen=True)
class Body:
    repo: str
    root: str
    file: str
    line: int  # the `def`'s line in the code base's file
    name: str
    probe: str
    shape: str
    why: str
    chosen: str  # the stop that chose the row (stop41 to stop45)


def read_table(path: Path = TABLE) -> list[Body]:
    rows = [r for r in csv.reader(path.open(encoding="utf-8"), delimiter="\t") if r and not r[0].startswith("#")]
    return [Body(r[0], r[1], r[2], int(r[3]), r[4], r[5], r[6], r[7], r[8]) for r in rows[1:]]


def _probe_at(lines: list[str], body: Body) -> int:
    """Insert `body.probe` as the first statement of the function whose `def` is at `body.line`
    (after its docstring); the 0-based index of the inserted line."""
    import ast

    tree = ast.parse("".join(lines))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == body.name and (
            node.lineno == body.line or any(d.lineno == body.line for d in node.decorator_list)
        ):
            first = node.body[0]
            doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
            anchor = node.body[1] if doc and len(node.body) > 1 else first
            if doc and len(node.body) == 1:
                index = first.end_lineno
                indent = " " * first.col_offset
            else:
                index = anchor.lineno - 1
                indent = " " * anchor.col_offset
            lines.insert(index, f"{indent}{body.probe}\n")
            return index
    raise SystemExit(f"{body.repo}/{body.file}:{body.line}: no def {body.name} there")


def run(realworld: Path, bodies: list[Body]) -> list[tuple[Body, bool, list[str]]]:
    from acclint.api import lint_paths
    from acclint.run.config import Settings

    by_root: dict[tuple[str, str], list[Body]] = defaultdict(list)
    for body in bodies:
        by_root[(body.repo, body.root)].append(body)
    results = []
    for (repo, root), group in sorted(by_root.items()):
        source = realworld / repo.replace("/", "+") / root
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / (Path(root).name or repo.rsplit("/", 1)[-1])
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns("*.ipynb", ".git"))
            where: dict[Body, tuple[str, int]] = {}
            by_file: dict[str, list[Body]] = defaultdict(list)
            for body in group:
                by_file[body.file].append(body)
            for file, file_bodies in by_file.items():
                path = copy / Path(file).relative_to(root)
                lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
                # from the bottom up, so each insertion leaves the lines above it where they
                # were; a probe then moves down by one for each probe inserted above it
                inserted = {body: _probe_at(lines, body) for body in sorted(file_bodies, key=lambda b: -b.line)}
                for rank, (body, index) in enumerate(sorted(inserted.items(), key=lambda item: item[1])):
                    where[body] = (str(path), index + rank)
                path.write_text("".join(lines), encoding="utf-8")
            # a branch probe under torch.compile is a graph break, reported only with
            # --strictness pedantic: a second run's break findings count as reach too
            findings = lint_paths([copy])
            if any(body.probe.startswith("if ") for body in group):
                findings += [f for f in lint_paths([copy], settings=Settings(strictness="pedantic")) if "graph break" in f.message]
            at = defaultdict(list)
            for f in findings:
                at[(str(Path(f.path).resolve()), f.line)].append(f.code)
            for body in group:
                path, index = where[body]
                codes = at.get((str(Path(path).resolve()), index + 1), [])
                results.append((body, bool(codes), codes))
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("realworld", type=Path, help="the folder the real-code benchmark's code bases are extracted under")
    parser.add_argument("--list", action="store_true", help="print each body, found or missed")
    parser.add_argument("--shape", help="only the bodies of this shape")
    parser.add_argument("--chosen", help="only the bodies this stop chose (stop41 to stop45)")
    args = parser.parse_args(argv)
    bodies = [
        b for b in read_table()
        if (args.shape is None or b.shape == args.shape) and (args.chosen is None or b.chosen == args.chosen)
    ]
    results = run(args.realworld, bodies)
    shapes: dict[str, list[bool]] = defaultdict(list)
    chosen: dict[str, list[bool]] = defaultdict(list)
    for body, found, codes in results:
        shapes[body.shape].append(found)
        chosen[body.chosen].append(found)
        if args.list:
            print(f"{'found ' if found else 'MISSED'} {body.chosen} {body.shape:<16} {body.repo}/{body.file}:{body.line} {body.name} {' '.join(codes)}")
    for shape, found in sorted(shapes.items()):
        print(f"{shape:<16} {sum(found)}/{len(found)}")
    for stop, found in sorted(chosen.items()):
        print(f"chosen {stop:<9} {sum(found)}/{len(found)}")
    total = [f for _, f, _ in results]
    print(f"recall {sum(total)}/{len(total)} = {sum(total) / max(1, len(total)):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
