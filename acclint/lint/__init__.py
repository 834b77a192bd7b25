"""The rule pass: the `Rule` base class rules derive from, the engine that runs them in one traversal of the
traced functions, and `# noqa`.

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
