"""acclint on real JAX code nobody on this team wrote: the precision benchmark.

Lints every code base of ``repos.toml`` (checked out at its commit under DIR, one folder per
repository named ``owner+name``), matches each finding with its verdict (``triage.toml`` for
rounds 1-3, ``triage/owner+name.toml`` for each code base added later), and prints a table per
code base: files and lines, findings, how many are real, debatable and false, false findings
per 50k lines, fixable findings, and files acclint refused to analyse (each listed below the
table with its message). Then it applies ``--fix`` (to a copy) and
checks that every rewritten file still parses, that a second run changes nothing, and that no
fix touches a line triaged as false.

Code bases carry a ``set`` (the round that added them): a set added
later was triaged before any change was made for it, so its false findings are the honest
estimate on code nobody tuned to. The table gives a total per set beside the whole.

It exits 1 when a finding has no verdict, a triaged finding is no longer reported (update the
triage), a false finding carries a fix, a fix breaks a file, or the false findings exceed one per
50k lines: a change that floods real code fails here even when every fixture passes.

Run::

    python benchmarks/realworld/lint_realworld.py --clone /tmp/realworld   # once: git clone + checkout
    python benchmarks/realworld/lint_realworld.py --mirror /work/.mirror /tmp/realworld   # or: from snapshot git dirs
    python benchmarks/realworld/lint_realworld.py /tmp/realworld
    python benchmarks/realworld/lint_realworld.py /tmp/realworld --only google/evojax   # one code base
    python benchmarks/realworld/lint_realworld.py /tmp/realworld --set round3   # one set
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from acclint.api import lint_bytes, lint_file, options_for
from acclint.run.config import Settings
from acclint.files.discovery import Selection, discover
from acclint.fix.apply import fix_source
from acclint.run.options import for_file, project_of

HERE = Path(__file__).resolve().parent
LINES_PER_FALSE = 50_000


@dataclass
class Tally:
    files: int = 0
    lines: int = 0
    verdicts: dict[str, int] = field(default_factory=lambda: {"real": 0, "debatable": 0, "false": 0})
    fixable: int = 0
    errors: int = 0
    seconds: float = 0.0


def folder(root: Path, name: str) -> Path:
    return root / name.replace("/", "+")


def clone(root: Path, repos: list[dict]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for repo in repos:
        target = folder(root, repo["name"])
        if not target.exists():
            subprocess.run(["git", "clone", "--quiet", f"https://github.com/{repo['name']}", str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "checkout", "--quiet", repo["commit"]], check=True)


def extract(git_dir: Path, commit: str, target: Path) -> int:
    """Write the files of `commit` in the bare git dir `git_dir` under `target` (which must not
    exist yet), for a machine that cannot clone but holds snapshots of the repositories. A
    snapshot may lack big blobs (data files, Git LFS content): those are skipped, and their
    number returned."""
    listing = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", commit], capture_output=True, check=True
    ).stdout.split(b"\0")
    blobs = []  # (object id, path) of the plain files; links and submodules are left out
    for entry in filter(None, listing):
        meta, _, path = entry.partition(b"\t")
        mode, kind, oid = meta.split()
        if kind == b"blob" and mode in (b"100644", b"100755"):
            blobs.append((oid, path.decode("utf-8", "surrogateescape")))
    request = b"".join(oid + b"\n" for oid, _ in blobs)
    out = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "--batch"], input=request, capture_output=True, check=True
    ).stdout
    missing, at = 0, 0
    for _, path in blobs:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        at = end + 1
        if header[-1] == b"missing":
            missing += 1
            continue
        size = int(header[2])
        destination = target / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(out[at : at + size])
        at += size + 1  # the contents, then a newline
    return missing


def from_mirror(root: Path, mirror: Path, repos: list[dict]) -> list[str]:
    """Extract each code base missing under `root` from its snapshot `mirror/owner+name/repo`
    at its pinned commit; say which could not be had (no snapshot, or the commit not in it)."""
    problems = []
    for repo in repos:
        target = folder(root, repo["name"])
        if target.exists():
            continue
        git_dir = folder(mirror, repo["name"]) / "repo"
        known = subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "-e", repo["commit"] + "^{commit}"], capture_output=True)
        if known.returncode != 0:
            problems.append(f"{repo['name']}: commit {repo['commit'][:8]} not in a snapshot under {mirror}")
            continue
        missing = extract(git_dir, repo["commit"], target)
        if missing:
            print(f"{repo['name']}: {missing} files absent from the snapshot (big blobs), skipped")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="folder holding one checkout per repository (owner+name)")
    parser.add_argument("--clone", action="store_true", help="clone the repositories into ROOT at their commits first")
    parser.add_argument("--mirror", type=Path, metavar="DIR", help="first extract each code base missing under ROOT at its commit from the snapshot git dir DIR/owner+name/repo")
    parser.add_argument("--strictness", choices=("precise", "pedantic"), default="precise")
    parser.add_argument("--repos", type=Path, default=HERE / "repos.toml", help="the list of code bases (default: repos.toml beside this script)")
    parser.add_argument("--only", action="append", metavar="OWNER/NAME", help="lint only this code base (repeatable); the false-finding limit, being the whole benchmark's, is not checked")
    parser.add_argument("--set", action="append", dest="sets", metavar="SET", help="lint only the code bases of this set (repeatable); the limit is not checked either")
    args = parser.parse_args()
    repos = tomllib.loads(args.repos.read_text("utf-8"))["repo"]
    if args.only:
        repos = [r for r in repos if r["name"] in args.only]
    if args.sets:
        repos = [r for r in repos if set_of(r) in args.sets]
    triage, problems = load_triage()
    if args.clone:
        clone(args.root, repos)
    if args.mirror:
        problems += from_mirror(args.root, args.mirror, repos)
    settings = Settings(strictness=args.strictness)
    options = options_for(settings)
    seen: set[tuple] = set()
    tallies: dict[str, Tally] = {}
    fixable_files: dict[Path, list] = {}
    refused: list[str] = []  # files acclint could not analyse: listed, not failed on (issue 32 wants none)
    for repo in repos:
        base = folder(args.root, repo["name"])
        if not base.is_dir():
            problems.append(f"{repo['name']}: not checked out under {args.root} (use --clone)")
            continue
        tally = tallies[repo["name"]] = Tally()
        start = time.perf_counter()
        files = discover([str(base)], Selection(respect_gitignore=False)).files  # every file the pinned commit holds
        project = project_of(files, options)  # each code base is one project
        seeds = project.seeds()
        for path in files:
            tally.files += 1
            tally.lines += Path(path).read_bytes().count(b"\n")
            result = lint_file(path, settings, for_file(options, project, path, seeds), project)
            if result.error is not None:
                tally.errors += 1
                refused.append(f"not analysed: {repo['name']} {result.error.path}: {result.error.message}")
            for finding in result.findings:
                rel = Path(path).relative_to(base).as_posix()
                key = (repo["name"], rel, finding.cell or 0, finding.line, finding.code)
                seen.add(key)
                verdict = triage.get(key, {}).get("verdict")
                where = f"{rel}:cell {finding.cell}:line {finding.line}" if finding.cell else f"{rel}:{finding.line}"
                if verdict is None:
                    problems.append(f"untriaged: {repo['name']} {where} {finding.code} {finding.message}")
                    continue
                tally.verdicts[verdict] += 1
                if finding.fix is not None:
                    tally.fixable += 1
                    fixable_files.setdefault(Path(path), []).append(key)
                    if verdict == "false":  # a debatable finding's fix does what its message says
                        problems.append(f"a false finding carries a fix: {repo['name']} {where} {finding.code}")
        tally.seconds = time.perf_counter() - start
    if args.strictness == "precise":
        linted = {r["name"] for r in repos}
        problems += [
            f"triaged but no longer reported (update its triage file): {' '.join(map(str, k))}"
            for k in triage
            if k not in seen and k[0] in linted
        ]
    problems += check_fixes(fixable_files, settings)
    report(tallies, repos)
    total_lines = sum(t.lines for t in tallies.values())
    false = sum(t.verdicts["false"] for t in tallies.values())
    # the limit is the whole benchmark's: a single code base may hold more than its share
    if args.strictness == "precise" and not args.only and not args.sets and false * LINES_PER_FALSE > max(total_lines, LINES_PER_FALSE):
        problems.append(f"{false} false findings in {total_lines} lines: more than one per {LINES_PER_FALSE}")
    for line in refused + problems:
        print(line)
    return 1 if problems else 0


def load_triage() -> tuple[dict[tuple, dict], list[str]]:
    """Every verdict, keyed by (repo, path, cell, line, code). Rounds 1-3 share ``triage.toml``;
    each code base added from round 4 on has its own file, ``triage/owner+name.toml``, so that
    branches triaging different code bases never edit the same file. An entry in a code base's
    file for another repository, or a key given twice, is reported as a problem."""
    triage: dict[tuple, dict] = {}
    problems: list[str] = []
    for path in [HERE / "triage.toml", *sorted((HERE / "triage").glob("*.toml"))]:
        owner = None if path.parent == HERE else path.stem.replace("+", "/", 1)
        for entry in tomllib.loads(path.read_text("utf-8")).get("finding", []):
            key = (entry["repo"], entry["path"], entry.get("cell", 0), entry["line"], entry["code"])
            if owner is not None and entry["repo"] != owner:
                problems.append(f"{path.name}: an entry for {entry['repo']} in the triage file of {owner}")
            if key in triage:
                problems.append(f"{path.name}: triaged twice: {' '.join(map(str, key))}")
            triage[key] = entry
    return triage, problems


def check_fixes(files: dict[Path, list], settings: Settings) -> list[str]:
    """Fix every file with a fixable finding (unsafe fixes too, in memory): the result must
    compile and a second run must change nothing."""
    options = options_for(settings)
    problems = []
    for path in files:
        shown = str(path)

        def lint(data: bytes):
            return lint_bytes(data, shown, settings, options)

        first = fix_source(path.read_bytes(), shown, lint, True)
        try:
            compile(first.fixed, shown, "exec")
        except SyntaxError as exc:
            problems.append(f"{path}: the fixed code does not compile: {exc}")
            continue
        if fix_source(first.fixed, shown, lint, True).fixed != first.fixed:
            problems.append(f"{path}: a second --fix changes the file again")
    return problems


def set_of(repo: dict) -> str:
    return repo.get("set", "(no set)")


def report(tallies: dict[str, Tally], repos: list[dict]) -> None:
    """One row per code base, grouped by set, a total per set, and the total of all."""
    header = f"{'code base':36} {'commit':8} {'files':>5} {'lines':>7} {'found':>5} {'real':>4} {'debat':>5} {'false':>5} {'false/50k':>9} {'fixable':>7} {'refused':>7} {'s':>5}"
    print(header)
    commits = {r["name"]: r["commit"][:8] for r in repos}
    sets: dict[str, list[str]] = {}
    for repo in repos:
        if repo["name"] in tallies:
            sets.setdefault(set_of(repo), []).append(repo["name"])
    total = Tally()
    totals = []
    for name, members in sets.items():
        print("-" * len(header))
        part = Tally()
        for member in members:
            row(member, commits[member], tallies[member])
            add(part, tallies[member])
        add(total, part)
        totals.append((f"total {name}", part))
    print("-" * len(header))
    if len(totals) > 1:
        for name, part in totals:
            row(name, "", part)
    row("total", "", total)


def row(name: str, commit: str, t: Tally) -> None:
    found = sum(t.verdicts.values())
    print(
        f"{name:36} {commit:8} {t.files:5} {t.lines:7} {found:5} {t.verdicts['real']:4} {t.verdicts['debatable']:5} "
        f"{t.verdicts['false']:5} {t.verdicts['false'] * LINES_PER_FALSE / max(t.lines, 1):9.2f} {t.fixable:7} {t.errors:7} {t.seconds:5.1f}"
    )


def add(into: Tally, t: Tally) -> None:
    into.files += t.files
    into.lines += t.lines
    into.fixable += t.fixable
    into.errors += t.errors
    into.seconds += t.seconds
    for k, v in t.verdicts.items():
        into.verdicts[k] += v


if __name__ == "__main__":
    sys.exit(main())
