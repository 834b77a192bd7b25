"""The module whose attribute the `module_attr` spellings read and write."""

scale = 2.0
