"""One policy for "this print is about tracing" (acclint.analysis.trace_words), asked by ACC401/
ACC403 (a print announcing the trace), by the print fix and by the trace counters (a print
reporting a count of traces): whole words of letters in the call's string text or the counter's
name, a form of trace, compile or jit."""

from __future__ import annotations

import libcst as cst
import pytest

from acclint.analysis.trace_words import says_traces


def call(code: str) -> cst.Call:
    node = cst.parse_expression(code)
    assert isinstance(node, cst.Call)
    return node


@pytest.mark.parametrize("code", [
    'print("Tracing with", x)',
    'print("recompiling")',
    'print("i am being jitted")',
    'sys.stdout.write("JITTING step\\n")',
    'logger.info("compiling g with %s", y)',
    'print(f"compiled {n} times")',
    'print("number of compilations:", n)',
    'print("Tracing" f" g for {x.shape}")',  # a concatenation holding an f-string
    'print("num_traces =", k)',
])
def test_a_word_for_tracing_in_the_text_says_traces(code):
    assert says_traces(call(code))


@pytest.mark.parametrize("code", [
    'print("extracting features", x)',
    'print("traceback follows")',
    'print("contract", x)',
    'print("a tracer:", x)',
    'print("processed", n)',
    'print(f"{n_traced}")',  # a field's code is no text
    'print(b"traced")',  # bytes print as their repr: no text of the print's
    'print(trace_count)',
])
def test_no_word_for_tracing_in_the_text_says_nothing(code):
    assert not says_traces(call(code))


@pytest.mark.parametrize("name, says", [
    ("num_traces", True), ("numTraces", True), ("n_compiles", True), ("jit_count", True),
    ("n", False), ("extracted", False), ("tracker", False),
])
def test_the_counters_name_counts_as_text(name, says):
    assert says_traces(call(f"print({name})"), name) is says
