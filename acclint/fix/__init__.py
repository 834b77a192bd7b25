"""`acclint check --fix`: the rewrites the rules offer, and the machinery that applies them.

The rules decide what to fix and build each `Fix` with the helpers here (`select`, `branches`,
`imports`); `apply` applies the fixes of a file to a fixpoint, `write` writes the result
atomically and `diff` shows it. See docs/fix.md.
"""
