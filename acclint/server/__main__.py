"""`python -m acclint.server`: the language server over stdio."""

import sys

from acclint.server import serve

sys.exit(serve())
