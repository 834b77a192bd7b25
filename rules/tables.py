"""The API lists in `apis.toml`, loaded once and shared by the rule modules."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


@cache
def apis() -> dict:
    return tomllib.loads(resources.files("acclint.rules").joinpath("apis.toml").read_text("utf-8"))
