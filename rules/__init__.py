"""acclint's rules, one module per family (ACC1 RNG, ACC2 control flow, ACC3 host conversion,
ACC4 side effects). The engine discovers every `acclint.lint.rule.Rule` subclass defined here."""
