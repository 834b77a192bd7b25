# source: https://github.com/pytorch/pytorch/issues/125171
# framework: PyTorch
# "datettime.now() is not supported by Dynamo": a test module's forward starts with
# `start_time = datetime.now()`; Dynamo graph-broke on it (and fullgraph export failed). A
# clock read inside a compiled function is a hazard if the trace keeps the value it read (an
# earlier PR that did so was rejected for "reusing a stale value"). torch 2.13 graph-breaks at
# the call and runs it eagerly on every call (the later frames resume compiled), so the value
# is fresh: a fine look-alike. Reduced to a forward that adds the current second to its input,
# called across three seconds.
# label: none
# verify: close(c.seconds_seen_differ, e.seconds_seen_differ)
import time
from datetime import datetime

import torch


class Model(torch.nn.Module):
    def forward(self, x):
        start_time = datetime.now()
        return x + start_time.second


model = torch.compile(Model())
x = torch.zeros(2)
seen = []
for _ in range(3):
    seen.append(float(model(x)[0]))
    time.sleep(1.05)
seconds_seen_differ = len(set(seen)) > 1
print(seen)
