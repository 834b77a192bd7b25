"""``Counter``: a count that many threads may advance without a lock.

A cache hit of an accelerated function must count itself (``hit_rate``) without taking a
lock, which costs as much as the rest of the hit's Python work. ``itertools.count``'s
``next()`` is one C call, atomic under the GIL, so it is the counter; reading it also advances
it, so ``value`` subtracts the reads made so far (counted under a lock: reads are rare).
"""

import itertools
import threading


class Counter:
    """``increment()`` from any thread, lock-free; ``value`` is the number of increments."""

    __slots__ = ("increment", "_count", "_reads", "_lock")

    def __init__(self):
        self._count = itertools.count()
        self.increment = self._count.__next__
        self._reads = 0
        self._lock = threading.Lock()

    @property
    def value(self):
        with self._lock:
            value = next(self._count) - self._reads
            self._reads += 1
        return value
