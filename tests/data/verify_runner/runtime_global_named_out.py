# framework: runtime
# verify: c.out == 3
"""A global named `out`, which the runner's printed output (also `c.out`) would hide."""
out = 1 + 2
