"""A run, assembled: settings (acclint.run.config), the rule registry, per-file options and seeds (the one
place every entry point builds them), the plan of files, the result cache, the fix and `--add-noqa` drivers.

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
