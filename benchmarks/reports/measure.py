"""Recall and precision of acclint on the report corpus, per half, family and framework.

Runs `acclint check` (the command line, as a user would: the reports are never imported) over
`dev/` and `heldout/`, and matches its findings to each module's labels:

- `# label: CODE` at the end of a line marks a hazard a correct linter reports there;
  `# label[g]: CODE` starts a group, and further lines marked `# label[g]` are places where a
  finding for the same hazard is just as right (the loop call of a function that builds a new
  compiled callable, the write that makes a read stale). A group is one hazard.
- `# label: none` in the header marks a look-alike that is fine: it has no labels.

A label is found when a finding of the same family (`ACC5`, `ACC6`, or the family digit for the
others: ACC1 .. ACC4) lies on one of its lines. A finding is a false positive when no label of
its family lies on its line. Recall = found labels / labels; precision = findings on a label /
findings. Rows: per half, per family (ACC1 to ACC6, and `other` for ACC1 to ACC4 together) and
per framework (`# framework:`).

    python benchmarks/reports/measure.py [--half dev|heldout] [--batch N ...] [--list]
        [--strictness precise|pedantic]

An earlier source tree is measured on today's corpus with `PYTHONPATH=TREE` (acclint runs in
the corpus folder, so the checkout's own `acclint/` does not shadow it).

`--batch N` keeps only the modules of the batches named: those whose `# source:` address is a
row of `splitN.tsv` (batches 4, 5 and 6 were collected so that their held-out half could be
reported alone: `--batch 4 --batch 5 --batch 6`; batches 7 and 8 are the next such set, fresh
after the first two had been measured many times: `--batch 7 --batch 8`, or `--batch 7` alone;
batch 9 is a fresh set again, strongest in storms and TensorFlow/PyTorch: `--batch 9`;
batches 11, 12 and 13 are the next fresh set: `--batch 11 --batch 12 --batch 13`; batch 14
is a fresh set aimed at JAX storms and hidden inputs: `--batch 14`; batches 15 and 16 are a
fresh set from training code: `--batch 15 --batch 16 --batch 17`, or `--batch 15` alone).
Batch 19 is a fresh set of TensorFlow/Keras and PyTorch fix pull requests: `--batch 19`.
Batch 21 is a fresh held-out set again (TF/Keras, PyTorch, JAX storms and hidden inputs, fine
look-alikes), collected after batches 1-20's held-out half had been measured many times: `--batch 21`.
Batch 22 is the next fresh held-out set, collected with other query wordings and sources: `--batch 22`.
Batch 23 is a bigger fresh held-out set (60 reports, aimed at 20 hazard labels a half): `--batch 23`.
Batch 24 is the next fresh held-out set (60 reports, aimed at 15 verified hazard labels a half): `--batch 24`.
Batch 25 is the next fresh held-out set (60 reports from less-mined corners: vmap, scan bodies, fx): `--batch 25`.
Batch 26 is the next fresh held-out set (60 reports: PyTorch compile/trace, JAX storms and hidden inputs): `--batch 26`.
Batch 27 is the next fresh held-out set (60 reports: trace/export TracerWarnings, Dynamo hooks and caches, JAX compile caches): `--batch 27`.
Batch 28 is the next fresh held-out set (60 reports: hyperparameters changed under traced steps, compile/script/FX flags, JAX objects changed after a jitted method): `--batch 28`.
Batch 29 is the next fresh held-out set (51 reports from less-mined corners: MJX/NetKet/navix caches, Keras layers changed mid-fit, Dynamo hooks): `--batch 29`.
Batch 30 is the next fresh held-out set (44 reports: Keras 3 on JAX, Lambda layers reading changed globals, trace constants, eager JAX shape ops): `--batch 30`.
`--list` prints, for the halves asked for, each missed label and each false finding with its
line (use it on dev only: the held-out half is for counts). `--folder DIR` measures the modules
of another folder written the same way (benchmarks/torch_docs: spellings from PyTorch's docs);
with `--split TSV` as well, each module's half is its row's `half` column, and `--half` picks
the halves measured (benchmarks/blind: programs written blind to acclint, labelled by running:
`--folder benchmarks/blind --split benchmarks/blind/split.tsv`).
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
MARKERS = re.compile(r"#\s*(label\b.*)$")
LABEL = re.compile(r"label(?:\[(\w+)\])?(?::\s*(ACC\d+|none))?")
FRAMEWORK = re.compile(r"^#\s*framework:\s*(\S+)", re.M)
SOURCE = re.compile(r"^#\s*source:\s*(\S+)", re.M)


def family(code: str) -> str:
    """What a label and a finding must share to match: the family, `ACC5` or `ACC4` etc."""
    return code[:4]


def group_of(family_code: str) -> str:
    """The reporting group of a family: ACC5, ACC6, or 'other' (ACC1 to ACC4)."""
    return family_code if family_code in ("ACC5", "ACC6") else "other"


@dataclass
class Hazard:
    code: str
    lines: set[int] = field(default_factory=set)


@dataclass
class Report:
    path: Path
    framework: str
    source: str
    hazards: list[Hazard]
    fine: bool


def read_report(path: Path) -> Report:
    """A module's framework and labels; several markers may share a line (`label: ACC4 label[g]`)."""
    text = path.read_text()
    framework = FRAMEWORK.search(text)
    if not framework:
        raise SystemExit(f"{path}: no `# framework:` line")
    source = SOURCE.search(text)
    if not source:
        raise SystemExit(f"{path}: no `# source:` line")
    groups: dict[str, Hazard] = {}
    hazards: list[Hazard] = []
    fine = False
    pending: dict[str, set[int]] = collections.defaultdict(set)
    for number, line in enumerate(text.splitlines(), 1):
        markers = MARKERS.search(line)
        for match in LABEL.finditer(markers.group(1) if markers else ""):
            name, code = match.groups()
            if code == "none":
                fine = True
            elif code:
                hazard = Hazard(code, {number})
                hazards.append(hazard)
                if name:
                    groups[name] = hazard
            elif name:
                pending[name].add(number)
            else:
                raise SystemExit(f"{path}:{number}: a label needs a code, `none` or a group")
    for name, lines in pending.items():
        if name not in groups:
            raise SystemExit(f"{path}: `# label[{name}]` without a code on any line")
        groups[name].lines |= lines
    if fine == bool(hazards):
        raise SystemExit(f"{path}: needs either `# label: none` or labelled lines, not both")
    return Report(path, framework.group(1), source.group(1), hazards, fine)


def batch_sources(batches: list[str]) -> set[str]:
    """The addresses of the batches, as `split.py` drew them (`splitN.tsv`, column `url`)."""
    sources = set()
    for batch in batches:
        path = HERE / f"split{batch}.tsv"
        if not path.exists():
            raise SystemExit(f"{path}: no such batch (run split.py {batch} first)")
        with open(path, newline="") as f:
            sources |= {row["url"] for row in csv.DictReader(f, delimiter="\t")}
    return sources


def findings(folder: Path, strictness: str) -> dict[Path, list[tuple[int, str]]]:
    proc = subprocess.run(
        [sys.executable, "-m", "acclint", "check", "--no-config", "--no-cache",
         "--strictness", strictness, "--output-format", "json", "--exit-zero", str(folder)],
        capture_output=True, text=True,
        cwd=folder,  # not the checkout: `-m` puts the working folder first, ahead of PYTHONPATH
    )
    if proc.returncode:
        raise SystemExit(f"acclint failed on {folder}: {proc.stderr.strip()[-600:]}")
    out = collections.defaultdict(list)
    for item in json.loads(proc.stdout):
        out[Path(item["filename"]).resolve()].append((item["line"], item["code"]))
    return out


@dataclass
class Tally:
    labels: int = 0
    found: int = 0
    findings: int = 0
    true: int = 0

    def add(self, other: "Tally") -> None:
        self.labels += other.labels
        self.found += other.found
        self.findings += other.findings
        self.true += other.true

    def row(self, name: str) -> str:
        recall = f"{self.found}/{self.labels} = {self.found / self.labels:.2f}" if self.labels else "-"
        precision = (f"{self.true}/{self.findings} = {self.true / self.findings:.2f}"
                     if self.findings else "- (no findings)")
        return f"| {name} | {recall} | {precision} |"


def score(report: Report, found: list[tuple[int, str]], misses: list, extras: list):
    """Tallies of one report keyed by family (ACC1 .. ACC6); misses and false findings appended."""
    tallies = collections.defaultdict(Tally)
    for hazard in report.hazards:
        t = tallies[family(hazard.code)]
        t.labels += 1
        if any(line in hazard.lines and family(code) == family(hazard.code) for line, code in found):
            t.found += 1
        else:
            misses.append((report, hazard))
    for line, code in found:
        t = tallies[family(code)]
        t.findings += 1
        if any(line in h.lines and family(code) == family(h.code) for h in report.hazards):
            t.true += 1
        else:
            extras.append((report, line, code))
    return tallies


def measure(half: str, show: bool, batches: list[str] | None = None,
            strictness: str = "precise", folder: Path | None = None,
            only: set[str] | None = None) -> None:
    """Print the tables of one half; with `batches`, of those batches' modules only; with
    `only`, of the modules of those file names only.

    `strictness` pedantic says how many labels the precision policies (the exemptions precise
    mode applies) stand between, without anyone reading a module.
    """
    folder = folder or HERE / half
    paths = sorted(folder.glob("*.py"))
    if only is not None:  # before reading: the folder may hold scripts that are not modules
        paths = [p for p in paths if p.name in only]
    reports = [read_report(p) for p in paths]
    if batches:
        sources = batch_sources(batches)
        reports = [r for r in reports if r.source in sources]
    found = findings(folder, strictness)
    by_family = collections.defaultdict(Tally)
    by_framework = collections.defaultdict(Tally)
    total = Tally()
    misses, extras = [], []
    for report in reports:
        for fam, t in score(report, found.get(report.path.resolve(), []), misses, extras).items():
            by_family[fam].add(t)
            if group_of(fam) == "other":
                by_family["other"].add(t)
            by_framework[report.framework].add(t)
            total.add(t)
    fine = sum(r.fine for r in reports)
    counts = collections.Counter(r.framework for r in reports)
    title = f"{half}, batch{'es' if len(batches) > 1 else ''} {', '.join(batches)}" if batches else half
    if strictness != "precise":
        title += f", --strictness {strictness}"
    print(f"\n## {title}: {len(reports)} reports ({fine} fine look-alikes); "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print("\n| rows | recall (labels found) | precision (findings on a label) |\n|---|---|---|")
    print(total.row("all"))
    for name in ("ACC1", "ACC2", "ACC3", "ACC4", "other", "ACC5", "ACC6"):
        print(by_family[name].row(name))
    for name in ("JAX", "TF", "PyTorch", "runtime"):
        print(by_framework[name].row(name))
    if show:
        print("\nmissed labels:")
        for report, hazard in misses:
            print(f"  {report.path.name}:{min(hazard.lines)} {hazard.code}")
        print("false findings:")
        for report, line, code in extras:
            print(f"  {report.path.name}:{line} {code}")


def split_halves(path: Path) -> dict[str, str]:
    """A split file's half per module file name (columns `module` and `half`)."""
    with open(path, newline="") as f:
        return {row["module"]: row["half"] for row in csv.DictReader(f, delimiter="\t")}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("dev", "heldout"), action="append")
    parser.add_argument("--batch", action="append",
                        help="only the modules of this batch (its splitBATCH.tsv); repeatable")
    parser.add_argument("--list", action="store_true", help="list misses and false findings")
    parser.add_argument("--strictness", choices=("precise", "pedantic"), default="precise",
                        help="acclint's strictness (default precise, what users get)")
    parser.add_argument("--folder", type=Path,
                        help="measure this folder of labelled modules instead of a half")
    parser.add_argument("--split", type=Path,
                        help="with --folder: a TSV naming each module's half (module, half)")
    args = parser.parse_args(argv)
    if args.split and not args.folder:
        parser.error("--split needs --folder")
    if args.folder and args.split:
        halves = split_halves(args.split)
        for half in args.half or ["dev", "heldout"]:
            only = {module for module, h in halves.items() if h == half}
            measure(f"{args.folder.name} {half}", args.list, None, args.strictness,
                    args.folder.resolve(), only)
        return 0
    if args.folder:
        measure(args.folder.name, args.list, None, args.strictness, args.folder.resolve())
        return 0
    for half in args.half or ["dev", "heldout"]:
        measure(half, args.list, args.batch, args.strictness)
    return 0


if __name__ == "__main__":
    sys.exit(main())
