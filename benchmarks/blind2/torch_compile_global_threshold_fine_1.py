# source: blind56:torch_compile_global_threshold_fine_1
# framework: PyTorch
# label: none
# The same post-processor reading a global that the config loader changes after the first
# call, but compiled with torch.compile: Dynamo guards on the global, so the new offset is
# used (a recompile, results right).
# verify: close(c.outs, e.outs) and c.torch['postprocess'] <= 2
import torch

SCORE_OFFSET = 0.0


def postprocess(logits):
    scores = torch.sigmoid(logits) - SCORE_OFFSET
    return torch.clamp(scores, min=0.0)


def load_config(cfg):
    global SCORE_OFFSET
    SCORE_OFFSET = cfg["score_offset"]


class Server:
    def __init__(self):
        self.post = torch.compile(postprocess)

    def handle(self, logits):
        return self.post(logits)


server = Server()
logits = torch.tensor([0.0, 1.0, 2.0])
outs = [server.handle(logits)]
load_config({"score_offset": 0.25})
outs.append(server.handle(logits))
