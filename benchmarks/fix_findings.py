"""Every ACC201 finding of fixtures/ and docs/example with its fix: safe, unsafe or none, and why
(issue 35's goal: a safe fix for 2/3 of them). One line per finding, then the counts.

    .venv/bin/python benchmarks/fix_findings.py [CHECKOUT]
"""
import json
import re
import subprocess
import sys
from pathlib import Path

root = sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parent.parent)
exe = sys.executable.rsplit("/", 1)[0] + "/acclint"
paths = ["fixtures", "docs/example"]
js = json.loads(subprocess.run([exe, "check", "--no-cache", "--select", "ACC201", "--output-format", "json", *paths],
                               cwd=root, capture_output=True, text=True).stdout)
diff = subprocess.run([exe, "check", "--no-cache", "--select", "ACC201", "--diff", *paths], cwd=root,
                      capture_output=True, text=True)
notes = {}
for line in (diff.stdout + diff.stderr).splitlines():
    m = re.match(r"# (\S+?):(\d+):\d+: ACC201 not fixed: unsafe fix not applied without --unsafe-fixes: (.*)", line)
    if m:
        notes[(m[1], int(m[2]))] = m[3]
count = {"safe": 0, "unsafe": 0, "none": 0}
for f in js:
    fix = f["fix"]
    kind = "none" if fix is None else fix["applicability"]
    count[kind] += 1
    if kind == "none":
        why = re.search(r"\(no fix: (.*)\)$", f["message"])
        why = why[1] if why else f["message"]
    elif kind == "unsafe":
        why = notes.get((f["path"], f["line"]), "?")
    else:
        why = ""
    print(f"{kind:6} {f['path']}:{f['line']}  {why[:400]}")
print(count, len(js))
