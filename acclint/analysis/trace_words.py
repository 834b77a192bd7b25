"""Whether a print or log call says it is about tracing: one policy for the two places that ask.

A print whose text announces the trace (`print("Tracing with", x)`, `print("recompiling")`)
reports each trace on purpose, so once per trace is what its author wants: ACC401 and ACC403
leave it to `--strictness pedantic`, and no traced print is a fix for it (acclint.fix.calls).
A counter a trace bumps and a print reports (`print("traced", n, "times")`, `print(num_traces)`)
counts traces on purpose (rules/trace_counters.py). Both ask the same question of the same
words: the text of the call's string arguments (literals, concatenations, the text of
f-strings between their fields) and, for a counter, its name, cut into words of letters
(`num_traces` is `num` and `traces`, `numTraces` is `num` and `Traces`). A word says tracing when
it is a form of trace, compile or jit (with an optional "re"): "extracting", "traceback",
"contract" and "tracer" say nothing.
"""

from __future__ import annotations

import re

import libcst as cst

# trace, traced, retraces, tracing, compile, recompiled, compilations, jit, jitted, JITTING
_TRACE_WORD = re.compile(r"(re)?(trac(e|ed|es|ing)|compil(e|ed|es|ing|ation|ations)|jit(s|ted|ting)?)", re.IGNORECASE)
# Words of letters, an identifier's parts too: `num_traces`, `numTraces`, `XLACompile`.
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")


def says_traces(call: cst.Call, name: str | None = None) -> bool:
    """Whether `call`'s string arguments, or `name` (the counter it reports), have a word for
    tracing, compiling or jitting."""
    texts = [text for arg in call.args for text in _texts(arg.value)]
    if name is not None:
        texts.append(name)
    return any(_TRACE_WORD.fullmatch(word) for text in texts for word in _WORDS.findall(text))


def _texts(value: cst.BaseExpression) -> list[str]:
    """The literal text of a string argument: a string literal's value, an f-string's text
    between its fields, each part of a concatenation."""
    if isinstance(value, cst.SimpleString):
        evaluated = value.evaluated_value
        return [evaluated] if isinstance(evaluated, str) else []
    if isinstance(value, cst.FormattedString):
        return [part.value for part in value.parts if isinstance(part, cst.FormattedStringText)]
    if isinstance(value, cst.ConcatenatedString):
        return [*_texts(value.left), *_texts(value.right)]
    return []
