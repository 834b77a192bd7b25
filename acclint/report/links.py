"""Absolute links to acclint's documentation, from the project URLs of its own metadata.

`[project.urls]` in acclint's pyproject.toml (installed as `Project-URL` metadata): `Rules` is
the folder of rule pages (`.../docs/rules/`); without it, a GitHub `Homepage` gives
`<home>/blob/main/docs/rules/`. With neither, there is no link: a relative path means nothing
to a SARIF viewer or an editor on another machine, so callers leave the link out.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata


@cache
def project_urls() -> dict[str, str]:
    """acclint's `[project.urls]`, by lower-cased label."""
    try:
        entries = metadata.metadata("acclint").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    return urls


def home_page() -> str | None:
    return project_urls().get("homepage")


def rule_url(page: str) -> str | None:
    """The absolute URL of a rule page (`ACC201.md`), or None where none is configured."""
    urls = project_urls()
    base = urls.get("rules")
    if base is None and (urls.get("homepage") or "").startswith("https://github.com/"):
        base = urls["homepage"].rstrip("/") + "/blob/main/docs/rules/"
    return base.rstrip("/") + "/" + page if base else None
