"""Data every layer passes on: findings and file results, the `Refused` exception, line splitting.

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
