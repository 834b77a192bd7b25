"""Rule documentation pages, rendered from the rules themselves.

Each rule's class docstring (summary line, then the sections What it does / Why is this bad /
Example / Use instead / Fix safety) and its `INVALID`/`VALID` example modules become one
Markdown page, `docs/rules/ACC201.md`; `docs/rules/README.md` indexes them. `acclint rule
ACC201` prints the same page, so the terminal, the repository and SARIF's help text never
disagree. Regenerate the checked-in pages with

    python -m acclint.report.docs docs/rules

(tests/test_rule_docs.py fails while they are stale).
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from pathlib import Path

from acclint.run.registry import all_rules
from acclint.lint.rule import Rule

INDEX = "README.md"
CODE_SECTIONS = frozenset({"Example", "Use instead"})


def page_name(code: str) -> str:
    return f"{code}.md"


def sections(rule: type[Rule]) -> tuple[str, list[tuple[str, str]]]:
    """The docstring as (summary, [(heading, body)]); a heading is an unindented line ending
    in `:`, its body the indented lines below it (dedented)."""
    lines = (inspect.getdoc(rule) or "").splitlines()
    summary_end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    summary = " ".join(line.strip() for line in lines[:summary_end])
    found: list[tuple[str, list[str]]] = []
    for line in lines[summary_end:]:
        if line and not line[0].isspace() and line.rstrip().endswith(":"):
            found.append((line.rstrip()[:-1], []))
        elif found:
            found[-1][1].append(line)
    return summary, [(head, textwrap.dedent("\n".join(body)).strip("\n")) for head, body in found]


def _paragraphs(text: str) -> list[str]:
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return ["\n".join(p) for p in out if p]


def _code_and_prose(text: str) -> str:
    """An Example / Use instead body as Markdown: runs of code paragraphs in one fenced block,
    prose paragraphs (the ones quoting names in backticks, which Python code never holds) as text."""
    blocks: list[tuple[bool, list[str]]] = []
    for paragraph in _paragraphs(text):
        is_code = "`" not in paragraph
        if blocks and blocks[-1][0] == is_code and is_code:
            blocks[-1][1].append(paragraph)
        else:
            blocks.append((is_code, [paragraph]))
    rendered = []
    for is_code, paragraphs in blocks:
        body = "\n\n".join(paragraphs)
        rendered.append(f"```python\n{body}\n```" if is_code else textwrap.dedent(body))
    return "\n\n".join(rendered)


def _prose(text: str) -> str:
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in _paragraphs(text))


def _examples(title: str, modules: list[str]) -> list[str]:
    if not modules:
        return []
    out = [f"## {title}"]
    out += [f"```python\n{textwrap.dedent(m).strip()}\n```" for m in modules]
    return out


def render_rule(rule: type[Rule]) -> str:
    """One rule's page (Markdown), also what `acclint rule CODE` prints."""
    summary, parts = sections(rule)
    out = [f"# {rule.code}: {rule.name}", summary, f"Applies in: {', '.join(sorted(rule.contexts))} contexts."]
    for heading, body in parts:
        out.append(f"## {heading}")
        out.append(_code_and_prose(body) if heading in CODE_SECTIONS else _prose(body))
    out += _examples("Flagged (the rule's INVALID examples; `# expect:` marks each finding)", rule.INVALID)
    out += _examples("Not flagged (the rule's VALID examples)", rule.VALID)
    return "\n\n".join(out) + "\n"


def _cell(text: str) -> str:
    """`text` inside a Markdown table cell, where a bare `|` would end the cell."""
    return text.replace("|", "\\|")


def render_index(rules: tuple[type[Rule], ...]) -> str:
    rows = [
        f"| [{r.code}]({page_name(r.code)}) | {r.name} | {', '.join(sorted(r.contexts))} | {_cell(sections(r)[0])} |"
        for r in rules
    ]
    return "\n".join(
        [
            "# acclint rules",
            "",
            "Generated from the rules' docstrings and examples by `python -m acclint.report.docs docs/rules`;",
            "do not edit by hand. `acclint rule CODE` prints the same page.",
            "",
            "| code | name | contexts | what is flagged |",
            "|---|---|---|---|",
            *rows,
        ]
    ) + "\n"


def render_all() -> dict[str, str]:
    """File name -> content, for every page and the index."""
    rules = all_rules()
    pages = {page_name(r.code): render_rule(r) for r in rules}
    pages[INDEX] = render_index(rules)
    return pages


def write_docs(directory: Path) -> list[Path]:
    """Write every page into `directory` (created if missing) and remove stale rule pages."""
    directory.mkdir(parents=True, exist_ok=True)
    pages = render_all()
    for stale in directory.glob("ACC*.md"):
        if stale.name not in pages:
            stale.unlink()
    written = []
    for name, text in pages.items():
        path = directory / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m acclint.report.docs OUTPUT_DIRECTORY", file=sys.stderr)
        return 2
    written = write_docs(Path(args[0]))
    print(f"wrote {len(written)} pages to {args[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
