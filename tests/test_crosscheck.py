"""The dynamic cross-check: labels, linter and what actually happens agree on every fixture,
and the cross-check notices when they do not.

All fixtures are loaded and run once per session (``fixture_set`` and ``fixture_runs`` in
tests/conftest.py); the tests that need the linter's side call it on top of those runs, and the
tests that prove the harness bites run small temporary copies.
"""

import importlib.util
import shutil
from pathlib import Path

import pytest

from acclint.crosscheck import crosscheck
from acclint.crosscheck.__main__ import _parser, main
from acclint.crosscheck.agreement import FAMILIES

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DEFAULT_MIN_CONFIRMED = 20
# ACC6 is a new family (issue 26): eleven confirmed positives so far.
MIN_CONFIRMED = {"ACC6": 10}


@pytest.fixture(scope="module")
def loaded(fixture_set, fixture_runs):
    return fixture_set, fixture_runs


@pytest.fixture(scope="module")
def dynamic_only(loaded):
    fixtures, runs = loaded
    return crosscheck(FIXTURES, lint=False, fixtures=fixtures, runs=runs)


def test_labels_and_dynamic_runs_agree(dynamic_only):
    problems = dynamic_only.disagreements()
    assert not problems, "\n".join(problems)


def test_labels_linter_and_dynamic_runs_agree(loaded):
    fixtures, runs = loaded
    problems = crosscheck(FIXTURES, fixtures=fixtures, runs=runs).disagreements()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("fam", FAMILIES)
def test_family_has_enough_dynamically_confirmed_positives(dynamic_only, fam):
    confirmed = [v.name for v in dynamic_only.functions
                 if v.labelled.get(fam) and v.dynamic.get(fam) and v.agrees(fam)]
    assert len(confirmed) >= MIN_CONFIRMED.get(fam, DEFAULT_MIN_CONFIRMED), f"{fam}: only {len(confirmed)}: {confirmed}"


def test_every_negative_is_dynamically_confirmed_safe(dynamic_only):
    negatives = [v for v in dynamic_only.functions if not v.positive]
    unsafe = [f"{v.name}: {sorted(v.dynamic)} {v.problems}" for v in negatives
              if any(v.dynamic.values()) or v.problems]
    assert negatives and not unsafe, "\n".join(unsafe)


def _copy_with(tmp_path, module, old, new):
    source = (FIXTURES / module).read_text()
    assert source.count(old) == 1, f"{old!r} must occur once in {module}"
    (tmp_path / module).write_text(source.replace(old, new))
    return tmp_path


def test_a_flipped_label_is_reported_by_the_linter_and_the_dynamic_side(tmp_path):
    directory = _copy_with(tmp_path, "jax_control_flow.py",
                           "if norm > 1.0:  # expect: ACC201", "if norm > 1.0:  # expect: ACC401")
    line = next(n for n, text in enumerate((directory / "jax_control_flow.py").read_text()
                                           .splitlines(), 1) if "if norm > 1.0:" in text)
    problems = crosscheck(directory).disagreements()
    assert any(f"clip_by_global_norm ACC2: labels -, linter {line}, dynamic {line}" in p
               and "TracerBoolConversionError" in p for p in problems), problems
    assert any(f"clip_by_global_norm ACC4: labels {line}, linter -, dynamic -" in p
               and "nothing observed" in p for p in problems), problems


def test_a_disabled_rule_is_reported_against_labels_and_runs(loaded):
    fixtures, runs = loaded
    comparison = crosscheck(FIXTURES, ignore=["ACC4"], fixtures=fixtures, runs=runs)
    reported = {p.split(" ")[0] for p in comparison.disagreements() if " ACC4: " in p}
    positives = {v.name for v in comparison.functions if v.labelled.get("ACC4")}
    assert positives and reported == positives


def test_an_unlabelled_hidden_input_and_a_state_change_without_effect_are_reported(tmp_path):
    """ACC6 can fail both ways: a read of a rebound global left unlabelled is reported by the
    linter and by the run (outputs differ once the state changed); a safe twin whose recipe
    changes state it does not read gives equal outputs, so a label there is unobserved."""
    _copy_with(tmp_path, "jax_hidden_inputs.py", "return x + OFFSET  # expect: ACC601",
               "return x + OFFSET")
    _copy_with(tmp_path, "jax_safe_hidden_inputs.py", "return x + offset\n",
               "return x + offset  # expect: ACC601\n")
    problems = crosscheck(tmp_path).disagreements()
    assert any(p.startswith("jax_hidden_inputs.shift ACC6: labels -, linter ") and "dynamic fn" in p
               and "outside state changed" in p for p in problems), problems
    assert any(p.startswith("jax_safe_hidden_inputs.shift_by ACC6: labels ") and "linter -, dynamic -"
               in p for p in problems), problems
    assert len(problems) == 2, problems


def _line_of(path, text):
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_an_unlabelled_storm_and_an_unlabelled_frozen_key_are_seen_when_run(tmp_path):
    storm = "params = jax.jit(lambda p, g: p - 0.1 * g)(params, grads)"
    frozen = "keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, x.shape)"
    _copy_with(tmp_path, "jax_storms.py", f"{storm}  # expect: ACC501", storm)
    _copy_with(tmp_path, "jax_frozen_keys.py", f"{frozen}  # expect: ACC103", frozen)
    storm_line = _line_of(tmp_path / "jax_storms.py", storm)  # the first: a later loop is bounded
    key_line = _line_of(tmp_path / "jax_frozen_keys.py", frozen)
    problems = crosscheck(tmp_path).disagreements()
    assert any(f"sgd_with_fresh_lambda ACC5: labels -, linter {storm_line}, dynamic {storm_line}" in p
               and "traces from this line in one call" in p for p in problems), problems
    assert any(f"dropout_with_fixed_key ACC1: labels -, linter {key_line}, dynamic {key_line}" in p
               and "the same PRNG key on both calls" in p for p in problems), problems
    assert len(problems) == 2, problems



@pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None or importlib.util.find_spec("torch") is None,
                    reason="needs tensorflow and torch (pip install 'acclint[tf]', torch's CPU build: docs/crosscheck.md)")
def test_an_unlabelled_tf_and_torch_storm_are_seen_when_run(tmp_path):
    """TF's trace count and torch's compile count are evidence too: with the labels dropped,
    the linter and the run both report the line (and the look-alikes, below the threshold,
    stay quiet)."""
    tf_storm = "x = scaled_by_value(x, float(np.exp(-epoch / 10)))"
    torch_storm = "x = repeat_add(x, step + 1)"
    _copy_with(tmp_path, "tf_storms.py", f"{tf_storm}  # expect: ACC502", tf_storm)
    _copy_with(tmp_path, "torch_storms.py", f"{torch_storm}  # expect: ACC502", torch_storm)
    tf_line = _line_of(tmp_path / "tf_storms.py", tf_storm)
    torch_line = _line_of(tmp_path / "torch_storms.py", torch_storm)
    problems = crosscheck(tmp_path).disagreements()
    assert any(f"decay_as_python_float ACC5: labels -, linter {tf_line}, dynamic {tf_line}" in p
               and "8 traces from this line in one call" in p for p in problems), problems
    assert any(f"unrolled_range_bound ACC5: labels -, linter {torch_line}, dynamic {torch_line}" in p
               and "traces from this line in one call" in p for p in problems), problems
    assert len(problems) == 2, problems

def test_a_broken_fixture_is_reported_and_the_others_still_run(tmp_path):
    shutil.copy(FIXTURES / "jax_rng.py", tmp_path / "jax_rng.py")
    (tmp_path / "jax_broken.py").write_text("raise RuntimeError('fixture bug')\n")
    (tmp_path / "jax_crashing.py").write_text(
        "from acclint.crosscheck.recipes import Call, arr\n\n\n"
        "def divide(x):\n    return x / undefined_name\n\n\n"
        "CALLS = {'divide': Call('divide', arr(2))}\n")
    comparison = crosscheck(tmp_path, lint=False)
    problems = comparison.disagreements()
    assert any(p.startswith("jax_broken: import failed: RuntimeError") for p in problems)
    assert any("jax_crashing.divide: could not run" in p and "NameError" in p for p in problems)
    assert sum(1 for v in comparison.functions if v.module == "jax_rng" and v.agrees("ACC1")) > 10


def test_the_report_starts_with_its_table_not_with_what_fixtures_print_at_import(tmp_path, capsys):
    """A fixture module may run code at import (a haiku `init` traces a body that prints): its
    output is not the report's, which begins with its own first line (issue 35)."""
    shutil.copy(FIXTURES / "jax_rng.py", tmp_path / "jax_rng.py")
    (tmp_path / "jax_noisy_import.py").write_text(
        "from acclint.crosscheck.recipes import Call, arr\n\nprint('built at import')\n\n\n"
        "def double(x):\n    return x * 2\n\n\nCALLS = {'double': Call('double', arr(2))}\n")
    assert main([str(tmp_path), "--dynamic-only"]) == 0
    out = capsys.readouterr().out
    assert "built at import" not in out
    assert out.startswith("acclint cross-check: labels vs linter vs dynamic runs\n")


def test_an_unlabelled_hazard_is_reported_by_the_command_line_run_from_elsewhere(
        tmp_path, monkeypatch, capsys):
    (tmp_path / "fx").mkdir()
    _copy_with(tmp_path / "fx", "jax_safe_control_flow.py", "    return x * 0.5\n    return x\n",
               "    print('training')\n    return x * 0.5\n    return x\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["../fx", "--dynamic-only"]) == 1
    out = capsys.readouterr().out
    assert "family  functions  labelled" in out
    assert any("dropout_eval ACC4: labels -" in line and "stdout" in line
               for line in out.splitlines()), out


@pytest.mark.parametrize("argv, message", [
    (["no/such/dir"], "no/such/dir: no such directory"),
    (["--select", "ACC9X"], "'--select' has 'ACC9X'"),
    (["--ignore", "print"], "'--ignore' has 'print'"),
])
def test_command_line_usage_errors_exit_2_naming_the_problem(tmp_path, monkeypatch, capsys,
                                                             argv, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and message in capsys.readouterr().err


def test_command_line_refuses_a_directory_without_fixtures(tmp_path, capsys):
    with pytest.raises(SystemExit) as exited:
        main([str(tmp_path)])
    assert exited.value.code == 2 and "no fixture modules" in capsys.readouterr().err


def test_command_line_defaults_to_the_checkout_fixtures_and_documents_its_options(capsys):
    assert Path(_parser().parse_args([]).directory) == FIXTURES
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert all(option in shown for option in ("--select", "--ignore", "--dynamic-only",
                                              "exit status"))
