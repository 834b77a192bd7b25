"""A small training package whose jitted step lives in train.py and whose hazards do not."""

from .utils import log_metrics
