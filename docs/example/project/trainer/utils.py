"""Logging helpers, called from the jitted step."""

import logging

logger = logging.getLogger(__name__)


def log_metrics(step, loss):
    logger.info("step %s loss %s", step, loss)  # runs once, while tracing
    return float(loss)  # raises under jit: loss is a tracer
