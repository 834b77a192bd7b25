"""The README's sample commands, run, against what the README shows of them (issue 22).

The quick start's first block ends with an `acclint` command and a comment saying how many
findings it gives and its exit status; the `text` block after it is the command's output,
every byte of it. Both are read from the README here, so the README cannot drift from what a
new user sees.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from cli_run import acclint

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def quick_start() -> tuple[list[str], int, int, str]:
    """(the acclint command's arguments, findings and exit status the comment promises, the
    output the README shows)."""
    match = re.search(r"```bash\n# 1\. [^\n]*\((\d+) real findings; exit status (\d+)\)\n([^\n]+)\n.*?```\n\n```text\n(.*?)```\n",
                      README, flags=re.DOTALL)
    assert match, "the README's quick start: a bash block whose step 1 ends with an acclint command, then a text block"
    findings, status, line, shown = match.groups()
    command = shlex.split(line.split("&&")[-1])
    assert Path(command[0]).name == "acclint"
    return command[1:], int(findings), int(status), shown


def test_the_quick_start_prints_what_the_readme_shows(tmp_path):
    args, findings, status, shown = quick_start()
    run = acclint(*args, cwd=ROOT, env={"NO_COLOR": "1"})
    assert run.returncode == status, run.stderr
    assert run.stdout == shown
    assert run.stdout.splitlines()[-1].startswith(f"Found {findings} findings in ")


def test_every_acclint_example_line_of_the_readme_parses():
    """The commented command lines of "Using it" name only options acclint has."""
    from acclint.cli import build_parser

    block = README[README.index("```bash\nacclint check [PATHS...]"):]
    block = block[:block.index("```\n", 8)]
    lines = [line.split("  #")[0].split(" < ")[0].strip() for line in block.splitlines() if line.startswith("acclint ")]
    assert len(lines) > 8
    for line in lines:
        parser = build_parser()
        args = parser.parse_args(shlex.split(line)[1:])  # argparse exits (fails the test) on an unknown option
        assert args.command == "check"


# Documents of the project's design notes that a clone does not have: a citation of one sends
# the reader nowhere (issue 35). Spelled in pieces so that this file does not cite them itself.
_ABSENT = re.compile("|".join([r"\bDESIGN(?:\.md)?\s*§", r"\bDESIGN\.md\b", r"\bFRAMEWORKS\.md\b", r"\bSTYLE\.md\b",
                               r"\bTRACE_TIME\.md\b", r"\.\./" + "shared/"]))


def test_no_file_cites_a_document_a_clone_lacks():
    import subprocess

    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    cited = []
    for name in tracked:
        if not name.endswith((".py", ".md", ".toml", ".lua", ".txt", ".cfg", ".yaml", ".yml")):
            continue
        for number, line in enumerate((ROOT / name).read_text(errors="replace").splitlines(), 1):
            if _ABSENT.search(line):
                cited.append(f"{name}:{number}: {line.strip()}")
    assert cited == []
