"""`python -m acclint` is the `acclint` command."""

import sys

from acclint.cli import main

sys.exit(main())
