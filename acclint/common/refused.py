"""`Refused`: the one exception for a file acclint will not analyse.

Raised by every layer that can turn a file down (reading, decoding, a notebook's JSON, the parse
guard) and caught where a result is made, so it sits below them all.
"""


class Refused(Exception):
    """The file cannot be analysed; the message says why."""
