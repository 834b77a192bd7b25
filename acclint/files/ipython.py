"""Which lines of a notebook cell are IPython syntax rather than Python, as IPython reads the
cell before running it: what acclint.files.notebooks turns into placeholders, and the indent
IPython strips from a cell typed indented.

IPython's input transformations (IPython.core.inputtransformer2 and its prefilter) that decide
what runs:

- a cell whose lines are all indented is dedented by their common indentation
  (`leading_indent`, IPython 9's; IPython 8 stripped the first line's), so a cell pasted
  with every line indented runs;
- a cell starting with `%%` is a cell magic: none of it is Python;
- at the *start of a logical line* only (never inside brackets, a triple-quoted string or after
  a backslash, where `% b` is the modulo operator), a line magic `%time f()`, a shell escape
  `!ls`, an assignment from either (`x = !ls`, `y = %env`), and help (`obj?`, `?obj`); a
  magic or shell line ending in a backslash continues on the next line;
- automagic: a line starting with the name of a common magic or alias (`cd ..`, `pip install
  jax`) that is not Python by itself runs as that magic. One that is Python too (`ls -la`,
  `time (x)`) runs as the magic only if IPython's namespace has no such name, which a linter
  cannot know: it is kept as code, which is never a lost line.

acclint never needs IPython: where it is installed, its `TransformerManager` says which lines
its token transformers rewrite (`_ipython_lines`), else the same rules are applied here. The
automagic names are a fixed list (IPython only knows them from a running shell).
"""

from __future__ import annotations

import ast
import re
import warnings
from functools import cache

# `x = !ls`, `x = %env`, `%magic`, `!cmd`, `?obj`, `obj?`, `obj??` at the start of a logical line.
_ESCAPE = re.compile(r"^\s*(?:%|!|\?)|^\s*[\w.]+\s*=\s*[!%]|^\s*[\w.]+\?{1,2}\s*$")
# Line magics and shell aliases IPython runs without their `%` (automagic, on by default).
AUTOMAGICS = frozenset(
    "alias autoawait autocall automagic autoreload aimport bookmark cat cd clear colors conda config cp debug dhist "
    "dirs doctest_mode ed edit env gui hist history killbgscripts ldir less load load_ext loadpy logoff logon "
    "logstart logstate logstop ls lsmagic lx macro magic mamba man matplotlib micromamba mkdir more mv notebook "
    "page pastebin pdb pdef pdoc pfile pinfo pinfo2 pip popd pprint precision prun psearch psource pushd pwd "
    "pycat pylab qtconsole quickref recall rehashx reload_ext rep rerun reset reset_selective rm rmdir run save "
    "sc set_env store sx system tb time timeit unalias unload_ext uv who who_ls whos xdel xmode".split()
)
_WORD = re.compile(r"^\s*([A-Za-z_]\w*)(?:\s+(\S.*))?$")


def leading_indent(lines: list[str]) -> str:
    """The indentation IPython strips from every line of the cell (`leading_indent`): the
    longest whitespace prefix that all its non-blank lines share, as `textwrap.dedent` finds."""
    margin: str | None = None
    for line in lines:
        if line.strip():
            indent = line[: len(line) - len(line.lstrip(" \t"))]
            if margin is None:
                margin = indent
            else:
                common = 0
                while common < min(len(margin), len(indent)) and margin[common] == indent[common]:
                    common += 1
                margin = margin[:common]
    return margin or ""


def ipython_lines(lines: list[str]) -> set[int]:
    """The indexes of `lines` (a cell, already dedented) that are IPython syntax."""
    if next((line for line in lines if line.strip()), "").lstrip().startswith("%%"):
        return {i for i, line in enumerate(lines) if line.strip()}
    found = _ipython_lines(tuple(lines))
    if found is None:
        found = _by_rules(lines)
    return found


def _by_rules(lines: list[str]) -> set[int]:
    out: set[int] = set()
    scanner = _Scanner()
    continued_magic = False
    for index, line in enumerate(lines):
        if continued_magic or scanner.at_statement_start() and line.strip() and _is_ipython(line):
            out.add(index)
            continued_magic = line.rstrip().endswith("\\")
            continue
        continued_magic = False
        scanner.feed(line)
    return out


def _is_ipython(line: str) -> bool:
    return bool(_ESCAPE.search(line)) or _is_automagic(line)


def _is_automagic(line: str) -> bool:
    word = _WORD.match(line)
    if word is None or word.group(1) not in AUTOMAGICS:
        return False
    rest = word.group(2) or ""
    if rest[:1] in ("=", "(", "[", ",", ":", ";") or rest.startswith(("==", "+=", "-=")):
        return False
    return not _is_python(line.strip())


def _is_python(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


class _Scanner:
    """Where a line starts, in Python's terms: inside brackets, a triple-quoted string, or a
    backslash continuation (then an IPython escape is no escape: `% b` is a modulo)."""

    def __init__(self) -> None:
        self.depth = 0
        self.string: str | None = None  # the open triple quote
        self.continued = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.string is None and not self.continued

    def feed(self, line: str) -> None:
        i, n = 0, len(line)
        self.continued = False
        while i < n:
            if self.string is not None:
                end = line.find(self.string, i)
                while end > 0 and _escaped(line, end):
                    end = line.find(self.string, end + 1)
                if end < 0:
                    return
                i, self.string = end + 3, None
                continue
            c = line[i]
            if c == "#":
                return
            if c in "\"'":
                if line.startswith(c * 3, i):
                    self.string, i = c * 3, i + 3
                    continue
                end = i + 1
                while end < n and (line[end] != c or _escaped(line, end)):
                    end += 1
                i = end + 1
                continue
            if c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            elif c == "\\" and line[i + 1:].strip() == "":
                self.continued = True
                return
            i += 1


def _escaped(line: str, at: int) -> bool:
    backslashes = len(line[:at]) - len(line[:at].rstrip("\\"))
    return backslashes % 2 == 1


@cache
def _transformer():
    """IPython's own TransformerManager, if IPython is installed (never required)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except Exception:  # not installed, or broken: the rules here serve
        return None
    return TransformerManager()


def _ipython_lines(lines: tuple[str, ...]) -> set[int] | None:
    """The lines IPython's token transformers (magics, shell escapes, help, assignments from
    them) rewrite, found one at a time with the rest kept in place; None without IPython.
    Automagic is not among them (IPython's prefilter applies it): the rules add it."""
    manager = _transformer()
    if manager is None:
        return None
    from IPython.core.inputtransformer2 import find_end_of_continued_line, make_tokens_by_line

    work = [line + "\n" for line in lines]
    out: set[int] = set()
    try:
        for _ in range(len(work) + 1):
            tokens = make_tokens_by_line(work)
            found = [f for f in (t.find(tokens) for t in manager.token_transformers) if f is not None]
            if not found:
                break
            first = min(found, key=lambda f: (f.start_line, f.start_col))
            for index in range(first.start_line, find_end_of_continued_line(work, first.start_line) + 1):
                out.add(index)  # kept in place as `pass`, so the lines after keep their numbers
                work[index] = work[index][: first.start_col] + "pass\n" if index == first.start_line else "\n"
    except Exception:  # IPython's tokenizer gave up on this cell: the rules decide
        return None
    scanner = _Scanner()
    for index, line in enumerate(lines):  # automagic, which IPython applies after these
        if index not in out and scanner.at_statement_start() and _is_automagic(line):
            out.add(index)
        elif index not in out:
            scanner.feed(line)
    return out
