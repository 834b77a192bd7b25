"""Parsing, once per file: the guard that refuses what libcst must not see, the cheap prefilters, and the
front end (acclint.parse.frontend) that owns a file's `ast` tree and libcst module and their errors.

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
