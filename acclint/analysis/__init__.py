"""What is traced: the module index (imports, scopes), the contexts and the traced values of each function
(acclint.analysis.module), and the project layer that carries contexts across modules (acclint.analysis.project).

Layers, bottom to top: common, frameworks, files, parse, analysis, lint, fix, rules, run, report, then
the entry points (api, cli, flake8_plugin, server, crosscheck). A layer imports only those below it
(tests/test_layering.py holds this).
"""
