"""The API lists in `apis.toml`, loaded once and shared by the rule modules."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


@cache
def apis() -> dict:
    return tomllib.loads(resources.files("acclint.rules").joinpath("apis.toml").read_text("utf-8"))


def logs(qualified: str | None) -> bool:
    """Whether the qualified callee `qualified` is a logging call: a module's logging function
    (`logging.info`, `absl.logging.warning`) or a logger's (`logging.getLogger().info`)."""
    io = apis()["io"]
    owner, _, method = (qualified or "").rpartition(".")
    return method in io["logging_functions"] and (owner in io["logging_modules"] or owner in io["logger_factories"])


def writes_output(qualified: str | None) -> bool:
    """Whether the qualified callee `qualified` writes host output: a print or a log."""
    return qualified in apis()["io"]["stdout"] or logs(qualified)
