"""Edits inside functions of real code, answered by the language server from a slice of the
module (acclint.server.slices) and compared with a lint of the whole edited text: how many
were sliced, how many answered differently (must be none), and the CPU time of each way.

    .venv/bin/python benchmarks/sliced_edits.py /work/realworld --files 40 --edits 8

The files are the largest Python files of the code bases under ROOT that name a JAX
transformation (`jit`, `scan`); each top-level function of a file gets a `print` of its first
parameter and then loses it again (tests/edit_replay.py), up to `--edits` functions a file.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from edit_replay import replay  # noqa: E402

import acclint.server.slices as slices  # noqa: E402

WANTED = ("jax.jit", "nnx.jit", "lax.scan", "@jit")


def largest(root: Path, count: int) -> list[Path]:
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                path = Path(folder) / name
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                if any(w in text for w in WANTED):
                    found.append((len(text), str(path)))
    return [Path(p) for _, p in sorted(found, reverse=True)[:count]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--files", type=int, default=40)
    parser.add_argument("--edits", type=int, default=8, help="functions edited a file (default 8)")
    parser.add_argument("--most", type=float, help="slice up to this share of a module (default: the server's); "
                        "above 1, every edit inside a function is sliced, to check exactness on more of them")
    args = parser.parse_args()
    if args.most is not None:
        slices.MOST = args.most
    edits = sliced = 0
    sliced_cpu = whole_cpu = 0.0
    mismatches: list[str] = []
    for path in largest(args.root, args.files):
        replayed = replay(str(path), path.read_text(encoding="utf-8"), limit=args.edits)
        edits += replayed.edits
        sliced += replayed.sliced
        sliced_cpu += replayed.sliced_cpu
        whole_cpu += replayed.whole_cpu
        mismatches += replayed.mismatches
        print(f"{path.relative_to(args.root)}: {replayed.edits} edits, {replayed.sliced} sliced, "
              f"{len(replayed.mismatches)} different", flush=True)
    print(f"{edits} edits, {sliced} answered from a slice, {len(mismatches)} answered differently")
    if sliced:
        print(f"sliced edits: {sliced_cpu:.2f} CPU s in all; a fresh lint of the same texts: {whole_cpu:.2f} s")
    for line in mismatches:
        print(line)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
