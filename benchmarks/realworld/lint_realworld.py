"""acclint on real JAX code nobody on this team wrote: the precision benchmark.

Lints every code base of ``repos.toml`` (checked out at its commit under DIR, one folder per
repository named ``owner+name``), matches each finding with its verdict in ``triage.toml``, and
prints a table per code base: files and lines, findings, how many are real, debatable and false,
false findings per 50k lines, and fixable findings. Then it applies ``--fix`` (to a copy) and
checks that every rewritten file still parses, that a second run changes nothing, and that no
fix touches a line triaged as false.

It exits 1 when a finding has no verdict, a triaged finding is no longer reported (update the
triage), a false finding carries a fix, a fix breaks a file, or the false findings exceed one per
50k lines: a change that floods real code fails here even when every fixture passes.

Run::

    python benchmarks/realworld/lint_realworld.py --clone /tmp/realworld   # once: git clone + checkout
    python benchmarks/realworld/lint_realworld.py /tmp/realworld
    python benchmarks/realworld/lint_realworld.py /tmp/realworld --only google/evojax   # one code base
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="folder holding one checkout per repository (owner+name)")
    parser.add_argument("--clone", action="store_true", help="clone the repositories into ROOT at their commits first")
    parser.add_argument("--strictness", choices=("precise", "pedantic"), default="precise")
    parser.add_argument("--repos", type=Path, default=HERE / "repos.toml", help="the list of code bases (default: repos.toml beside this script)")
    parser.add_argument("--only", action="append", metavar="OWNER/NAME", help="lint only this code base (repeatable); the false-finding limit, being the whole benchmark's, is not checked")
    args = parser.parse_args()
    repos = tomllib.loads(args.repos.read_text("utf-8"))["repo"]
    if args.only:
        repos = [r for r in repos if r["name"] in args.only]
    triage = {
        (t["repo"], t["path"], t.get("cell", 0), t["line"], t["code"]): t
        for t in tomllib.loads((HERE / "triage.toml").read_text("utf-8")).get("finding", [])
    }
    if args.clone:
        clone(args.root, repos)
    settings = Settings(strictness=args.strictness)
    options = options_for(settings)
    problems: list[str] = []
    seen: set[tuple] = set()
    tallies: dict[str, Tally] = {}
    fixable_files: dict[Path, list] = {}
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
            tally.errors += result.error is not None
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
            f"triaged but no longer reported (update triage.toml): {' '.join(map(str, k))}"
            for k in triage
            if k not in seen and k[0] in linted
        ]
    problems += check_fixes(fixable_files, settings)
    report(tallies, repos)
    total_lines = sum(t.lines for t in tallies.values())
    false = sum(t.verdicts["false"] for t in tallies.values())
    # the limit is the whole benchmark's: a single code base may hold more than its share
    if args.strictness == "precise" and not args.only and false * LINES_PER_FALSE > max(total_lines, LINES_PER_FALSE):
        problems.append(f"{false} false findings in {total_lines} lines: more than one per {LINES_PER_FALSE}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


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


def report(tallies: dict[str, Tally], repos: list[dict]) -> None:
    header = f"{'code base':36} {'commit':8} {'files':>5} {'lines':>7} {'found':>5} {'real':>4} {'debat':>5} {'false':>5} {'false/50k':>9} {'fixable':>7} {'s':>5}"
    print(header)
    print("-" * len(header))
    commits = {r["name"]: r["commit"][:8] for r in repos}
    total = Tally()
    for name, t in tallies.items():
        found = sum(t.verdicts.values())
        print(
            f"{name:36} {commits[name]:8} {t.files:5} {t.lines:7} {found:5} {t.verdicts['real']:4} {t.verdicts['debatable']:5} "
            f"{t.verdicts['false']:5} {t.verdicts['false'] * LINES_PER_FALSE / max(t.lines, 1):9.2f} {t.fixable:7} {t.seconds:5.1f}"
        )
        total.files += t.files
        total.lines += t.lines
        total.fixable += t.fixable
        total.seconds += t.seconds
        for k, v in t.verdicts.items():
            total.verdicts[k] += v
    found = sum(total.verdicts.values())
    print("-" * len(header))
    print(
        f"{'total':36} {'':8} {total.files:5} {total.lines:7} {found:5} {total.verdicts['real']:4} {total.verdicts['debatable']:5} "
        f"{total.verdicts['false']:5} {total.verdicts['false'] * LINES_PER_FALSE / max(total.lines, 1):9.2f} {total.fixable:7} {total.seconds:5.1f}"
    )


if __name__ == "__main__":
    sys.exit(main())
