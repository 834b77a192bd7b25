"""What differs between tracing frameworks, as data: the context markers of each framework, the value facts,
and (acclint.frameworks.markers) the loader that turns them into one table. The engine knows no framework by name.

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
