"""Install and reference acclint as its docs say (issue 22): the repository URL the docs use is
the one `pyproject.toml` configures, and the pre-commit snippet of docs/editors.md runs, as
written apart from the URL (a local clone's path), through the real pre-commit."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from hooks import commit_all, git, pre_commit

ROOT = Path(__file__).resolve().parent.parent
URL = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
HAZARD = "import jax\n\n@jax.jit\ndef step(x):\n    if x > 0:\n        return x\n    return -x\n"


def snippet() -> str:
    """The `.pre-commit-config.yaml` that docs/editors.md shows."""
    text = (ROOT / "docs" / "editors.md").read_text()
    (block,) = re.findall(r"```yaml\n(repos:\n.*?)```", text, flags=re.DOTALL)
    return block


def test_the_docs_name_the_configured_repository_url():
    assert URL.startswith("https://")
    assert f"  - repo: {URL}\n" in snippet()
    for page in ("README.md", "docs/editors.md"):
        text = (ROOT / page).read_text()
        assert "example.invalid" not in text
        for url in re.findall(r"git\+(\S+?)'", text):
            assert url == URL, (page, url)
    assert "pip install acclint`" not in (ROOT / "README.md").read_text()  # not on PyPI: no bare name


def test_the_pinned_rev_is_a_full_commit_sha_of_this_repository():
    rev = re.search(r"rev: (\S+)", snippet()).group(1)
    assert re.fullmatch(r"[0-9a-f]{40}", rev)
    if git(ROOT, "rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone may lack the pinned commit")
    assert git(ROOT, "cat-file", "-t", rev).strip() == "commit"
    assert git(ROOT, "merge-base", "--is-ancestor", rev, "HEAD") == ""  # reachable: a clone has it
    git(ROOT, "cat-file", "-e", f"{rev}:.pre-commit-hooks.yaml")


@pytest.mark.slow
def test_the_documented_pre_commit_snippet_runs(tmp_path):
    if git(ROOT, "rev-parse", "--is-shallow-repository").strip() == "true":
        pytest.skip("a shallow clone may lack the pinned commit")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True, capture_output=True)
    user = tmp_path / "user"
    user.mkdir()
    git(user, "init", "-q")
    (user / "step.py").write_text(HAZARD)
    (user / ".pre-commit-config.yaml").write_text(snippet().replace(URL, str(clone)))
    commit_all(user)
    done = pre_commit(tmp_path / "home", user, "run", "--all-files")
    assert done.returncode == 1, done.stdout + done.stderr  # the hook changed a file
    assert "acclint (fix)" in done.stdout and "Failed" in done.stdout
    assert "jax.numpy.where(x > 0, x, -x)" in (user / "step.py").read_text()
