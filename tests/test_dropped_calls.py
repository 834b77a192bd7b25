"""ACC411: a logger method the module registers in `torch._dynamo.config.ignore_logger_methods`
is dropped from compiled code, so a call of it in a compiled function logs on no call
(benchmarks/framework_runs.py compile_ignore_logger_methods, torch 2.13, fullgraph too: the set
assigned, added to, updated, `|=`-ed or patched, 0 of 3 calls logged; another method of the same
logger, or the registered one through an alias, 3 of 3). `# expect` marks the finding; ACC403 (a
graph break that logs on every call) leaves the registered call alone, even under pedantic.
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text
from acclint.run.config import Settings


def _found(source: str, pedantic: bool = False) -> list[tuple[int, str]]:
    settings = Settings(strictness="pedantic" if pedantic else "precise")
    result = lint_text(textwrap.dedent(source), "dropped.py", settings)
    assert result.error is None, result.error
    return [(f.line, f.code) for f in result.findings if f.code.startswith("ACC4")]


def _expected(source: str) -> list[tuple[int, str]]:
    return [(n, "ACC411") for n, text in enumerate(textwrap.dedent(source).splitlines(), 1) if text.endswith("# expect")]


DROPPED = {
    "pytorch#123288: the set assigned, a compiled function's warning": """
        import logging
        import torch

        logger = logging.getLogger("gen")
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x):
            logger.warning("Setting pad_token_id to eos_token_id")  # expect
            return x + 1
    """,
    "added to the set through an imported config, in a helper the compiled function calls": """
        import logging
        import torch
        from torch._dynamo import config as dynamo_config

        log = logging.getLogger(__name__)
        dynamo_config.ignore_logger_methods.add(log.info)

        def report(x):
            log.info("norm %s", x.norm())  # expect
            return x

        def step(x):
            return report(x * 2) + 1

        compiled = torch.compile(step)
    """,
    "patched for the calls, fullgraph=True (no graph break to raise on)": """
        import logging
        import torch

        logger = logging.getLogger("train")

        @torch.compile(fullgraph=True)
        def step(x):
            y = x + 1
            logger.error("nan in the loss")  # expect
            return y * 2

        with torch._dynamo.config.patch(ignore_logger_methods={logger.error}):
            step(torch.ones(2))
    """,
    "updated with `|=`, the registered method among unregistered ones": """
        import logging
        import torch

        logger = logging.getLogger("train")
        torch._dynamo.config.ignore_logger_methods |= {logger.warning}

        @torch.compile
        def step(x):
            logger.warning("clipped")  # expect
            return x.clamp(0, 1)
    """,
}


@pytest.mark.parametrize("source", DROPPED.values(), ids=DROPPED.keys())
def test_a_registered_logger_method_called_in_a_compiled_function_is_dropped(source):
    assert _found(source) == _expected(source)
    assert _found(source, pedantic=True) == _expected(source)  # no ACC403 beside it


FINE = {
    "another method of the registered logger: a graph break (ACC403 only under pedantic)": """
        import logging
        import torch

        logger = logging.getLogger("gen")
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x):
            y = x + 1
            logger.error("bad")
            return y * 2
    """,
    "the registered method through an alias: Dynamo matches the method read off the logger": """
        import logging
        import torch

        logger = logging.getLogger("gen")
        warn = logger.warning
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x):
            y = x + 1
            warn("bad")
            return y * 2
    """,
    "the registered method called outside the compiled function": """
        import logging
        import torch

        logger = logging.getLogger("gen")
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x):
            return x + 1

        def train(x):
            logger.warning("step")
            return step(x)
    """,
    "a logger the compiled function binds itself": """
        import logging
        import torch

        logger = logging.getLogger("gen")
        torch._dynamo.config.ignore_logger_methods = {logger.warning}

        @torch.compile
        def step(x, logger):
            y = x + 1
            logger.warning("bad")
            return y * 2
    """,
}


@pytest.mark.parametrize("source", FINE.values(), ids=FINE.keys())
def test_a_logging_call_the_compiler_does_not_drop(source):
    assert [c for _, c in _found(source)] == []
