"""Split the blind programs at random into a development half and a held-out half (stop 55).

Every `<framework>_<idea>_<n>.py` in the set's folder (this script's folder, `blind/`, unless
`--folder` names another set written the same way, such as `blind2/`) is one labelled program. They are grouped
by framework (`# framework:` line) and by kind (a fine look-alike, `# label: none`, or a
hazard); a set written per rule (`blind4/`: `<rule>_<framework>_<idea>_<n>.py`) is grouped by
the rule its names start with instead (`--by rule`), so that every rule has spellings in both
halves. Each group is sorted by name and shuffled with `random.Random(SEED)`, and the first
half of each shuffled group (rounded up on alternate groups, so the halves stay even) goes to
`dev`, the rest to `heldout`. `split.tsv` (module, framework, kind, half) is written once, after
the programs were labelled by running them and before acclint was run on any of them; the
draw is fixed, so anyone can check it with `python split.py --check`.

    python benchmarks/blind/split.py            # write split.tsv
    python benchmarks/blind/split.py --check    # exit 1 if split.tsv differs from the draw
    python benchmarks/blind/split.py --folder benchmarks/blind4 --by rule [--check]
"""

from __future__ import annotations

import argparse
import csv
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
SEED = 55
HEADER = ["module", "framework", "kind", "half"]
FRAMEWORK = re.compile(r"^#\s*framework:\s*(\S+)", re.M)
FINE = re.compile(r"^#\s*label:\s*none\b", re.M)
RULE = re.compile(r"^(acc\d+)_")


def programs(folder: Path = HERE) -> list[Path]:
    """The labelled programs: every Python file of the set's folder but this script."""
    return sorted(p for p in folder.glob("*.py") if p.name != Path(__file__).name)


def kind_of(text: str) -> str:
    return "fine" if FINE.search(text) else "hazard"


def stratum(path: Path, framework: str, by: str) -> str:
    """What a program is grouped by besides its kind: its framework, or the rule its name
    starts with (`--by rule`)."""
    if by == "framework":
        return framework
    rule = RULE.match(path.name)
    if not rule:
        raise SystemExit(f"{path.name}: not named <rule>_<framework>_<idea>_<n>.py")
    return rule.group(1)


def draw(folder: Path = HERE, by: str = "framework") -> list[list[str]]:
    """The rows of split.tsv: each program with its framework, kind and half."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for path in programs(folder):
        text = path.read_text()
        framework = FRAMEWORK.search(text)
        if not framework:
            raise SystemExit(f"{path.name}: no `# framework:` line")
        kind = kind_of(text)
        key = (stratum(path, framework.group(1), by), kind)
        groups.setdefault(key, []).append((path.name, framework.group(1)))
    rng = random.Random(SEED)
    rows = []
    for index, (key, members) in enumerate(sorted(groups.items())):
        members = sorted(members)
        rng.shuffle(members)
        cut = (len(members) + index % 2) // 2
        rows += [[name, framework, key[1], "dev" if i < cut else "heldout"]
                 for i, (name, framework) in enumerate(members)]
    return sorted(rows)


def read_split(folder: Path = HERE) -> list[list[str]]:
    with open(folder / "split.tsv", newline="") as f:
        return [row for row in csv.reader(f, delimiter="\t")][1:]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare split.tsv with the draw")
    parser.add_argument("--folder", type=Path, default=HERE,
                        help="the set's folder (default: this script's, blind/)")
    parser.add_argument("--by", choices=("framework", "rule"), default="framework",
                        help="group by framework (default) or by the rule a name starts with")
    args = parser.parse_args(argv)
    rows = draw(args.folder, args.by)
    split = args.folder / "split.tsv"
    if args.check:
        same = split.exists() and read_split(args.folder) == rows
        print(f"{split} matches the draw" if same else f"{split} differs from the draw")
        return 0 if same else 1
    with open(split, "w", newline="") as f:
        out = csv.writer(f, delimiter="\t", lineterminator="\n")
        out.writerow(HEADER)
        out.writerows(rows)
    halves = [row[3] for row in rows]
    print(f"{len(rows)} programs: dev {halves.count('dev')}, heldout {halves.count('heldout')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
