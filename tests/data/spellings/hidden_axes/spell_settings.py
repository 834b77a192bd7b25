"""The module whose attribute the spellings read and write."""

scale = 2.0
