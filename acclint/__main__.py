"""`python -m acclint` is the `acclint` command."""

from acclint.cli import entry

entry()
