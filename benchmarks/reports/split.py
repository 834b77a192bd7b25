"""Split the collected reports at random into a development half and a held-out half (issue 36).

Run once per batch, right after its addresses were collected and before any report of it was
read closely: `python benchmarks/reports/split.py [BATCH]` reads `candidatesBATCH.tsv` (one
report a row: address, framework, what the search excerpt suggested, title) and writes
`splitBATCH.tsv` with a `half` column. Batch "" (the first, 69 reports), batch "2" (7 more,
collected when drops left fewer than 60 usable reports), batch "3" (2 more), batch "4" (44, a
new batch collected so that its held-out half can be reported alone), batch "5" (16 more,
collected when batch 4's drops left fewer than 40 usable reports), batch "6" (11 more, when
today's frameworks left batches 4 and 5 with few labels) batch "7" (60, a fresh held-out set
after batches 1-6's held-out halves had been measured many times) and batch "8" (31 more, when
batch 7's drops left its held-out half with 14 reports) and batch "9" (56, a fresh held-out set
strongest where the earlier ones were thin: recompilation storms and TensorFlow/PyTorch) and
batch "10" (17 more, collected after batch 9 was split, to the same aim), batch "11" (44, a fresh
held-out set again after batches 9-10 held only 12 held-out labels: recompilation storms of all
three frameworks, hidden inputs, TensorFlow/PyTorch trace hazards and fine look-alikes) and
batch "12" (24 more, collected in the same search session right after batch 11's 44, mostly
PyTorch and JAX) and batch "13" (20 more, collected after batches 11-12 were split, when their
drops left the held-out half 10 reports: reports whose excerpt showed the code) and batch "14"
(53, a fresh set after the dev half stopped telling JAX recompilation storms apart: JAX storms and
hidden inputs first, torch.compile/tf.function reports and fine look-alikes beside them) and batch "15"
(52, a fresh set from training code after the dev half held few training programs: JAX training loops
with optax, flax, equinox, haiku, numpyro and diffrax first, TensorFlow/Keras and torch.compile training
reports and fine look-alikes beside them) and batch "16" (22 more, collected when batch 15's drops left its
dev half 8 reports: training reports whose excerpt showed the code) and batch "17" (9 more TF training
reports whose excerpt showed the code, collected when batches 15-16's dev half held 4 labels) and
batch "18" (52, JAX only: pull requests that fix a recompilation or a stale input, whose history
keeps the code before the fix, and issues from training code: optax, flax, equinox, numpyro,
blackjax and jaxopt loops, with fine look-alikes) are drawn with
the same fixed seed, so the split can be checked; a batch is never re-drawn. Batch "19" (52
TensorFlow/Keras and PyTorch reports, 29 of them pull requests that fix a storm, a stale
constant, a graph break or a trace hazard in a real project, collected when the dev half no
longer showed what real TF/PyTorch reports look like) is drawn the same way, and so is batch "20" (40 TensorFlow/Keras and PyTorch programs that run and
do something close to a hazard: tutorials, Q&A answers, small public scripts and issues, collected
for a precision set when the held-out precision stood at 0.73), and so is batch "21" (49 reports
whose held-out half nobody had tuned to, after the held-out halves of batches 1-20 had been
measured many times: TensorFlow/Keras and PyTorch trace hazards of every family, JAX
recompilation storms and hidden inputs, and fine look-alikes, about a fifth each), and so is batch "22"
(46 reports, a fresh held-out estimate again after batch 21's: TensorFlow/Keras and PyTorch hazards of
every family, JAX storms and hidden inputs, and fine look-alikes about a quarter, found with other
wordings than batch 21's queries and from other sources: blog posts, documentation pull requests and
small projects' fix pull requests), and so is batch "23" (60 reports, a bigger fresh held-out
estimate after batch 22 held 7 hazard labels a half: TensorFlow/Keras, PyTorch and JAX hazards of every
family with a quarter fine look-alikes, from wordings and sources the earlier batches had not mined:
static-checker reports, Keras `trainable`-after-compile reports, torch.jit.trace TracerWarning threads,
`.item()` graph-break fixes, dropout-key reuse, exercise and note pages), and so is batch "24" (60
reports, a fresh held-out estimate after batch 23 reached 11 held-out hazard labels: TensorFlow/Keras,
PyTorch and JAX hazards of every family, from corners the earlier batches had not mined: Python `random`
in `tf.data` maps and Keras augmentation layers, kornia's and GPflow's compile caches, Dynamo side-effect
and guard reports of 2025-2026, Keras 3 seed generators under `jax.jit`, padding storms in JAX
materials codes, TorchScript trace constants, and fine look-alikes), and so is batch "25" (60 reports,
a fresh held-out estimate after batch 24's held-out half scored 2/10: hazards of the families and
contexts the held-out halves were weakest on, from corners the earlier batches had not mined:
`jax.vmap`/`torch.func.vmap` over data-dependent control flow and `.item()`, `lax.scan`/`fori_loop`
bodies, `jax.checkpoint` static arguments, `torch.fx` symbolic tracing and `prepare_fx`, `tf.data`
maps converting to NumPy, Keras 3 on its JAX backend, compile caches of optimistix and Dynamo's
isolate-recompiles devlog, and fine look-alikes), and so is batch "26" (60 reports, a fresh held-out estimate after batch 25's
held-out half scored 2/13: PyTorch compile and trace reports, JAX storms and hidden inputs from
training and simulation code (NNX closures, neighbor lists, ASE calculators, padding buckets),
TF/Keras graph-mode conversions, and fine look-alikes, from narrower corners than the earlier
batches: fix pull requests of small projects, tutorial pull requests, Dynamo guard pull requests), and so is batch
"27" (60 reports, a fresh held-out estimate after batch 26's held-out half scored 9/20: TracerWarning reports of
`torch.jit.trace`/ONNX exports in detection and segmentation codes, `torch.fx` proxy iteration, Dynamo hook and
recompile reports, JAX compile caches in simulation, RL and inference codes, tf.function argument storms and
Keras graph-mode conversions, and fine look-alikes about a third), and so is batch "28" (60 reports, a fresh
held-out estimate after batch 27's held-out half scored 8/16, aimed at PyTorch and hidden inputs: hyperparameters
changed by Keras callbacks while `fit`'s step is traced (KL annealing, loss weights, gradient-reversal and noise
schedules), `requires_grad` toggles, EMA swaps and `load_state_dict` after `torch.compile`, scripted and FX-traced
training flags, JAX objects whose parameters change after a jitted method ran, key reuse in Flax/NNX modules,
numpy conversions in traced Keras layers and flax modules, and fine look-alikes about a third), and so is batch
"29" (51 reports, a fresh held-out estimate after batch 28's held-out half scored 6/10, from corners the earlier
batches had mined least: MJX, NetKet, evosax, navix and torax compile caches, TracerIntegerConversionError reports,
layer attributes (`rate`, `trainable`) changed after a Keras model was built, keras-hub and TensorBoard tf.function
retracing, torch.compile hooks and TorchScript training flags, and fine look-alikes), and so is batch "30" (44 reports, a fresh
held-out estimate after batch 29's held-out half scored 3/9, from corners the earlier batches had mined least: Keras 3
layers and callbacks on the JAX backend, Lambda layers reading changed globals, tf.data maps and tf.function methods,
torch.func/functional_call and torch.jit.trace constants, Dynamo recompile-limit reports of inference servers, eager JAX
ops whose result shape depends on values, NumPyro/diffrax/probdiffeq tracer conversions, and fine look-alikes). A report found
contaminated after its draw (an earlier test already holds its code) is moved out of the
held-out half, never re-drawn: `moved.tsv` records the move, the half it was drawn into, and why.
"""

from __future__ import annotations

import csv
import random
import sys
from pathlib import Path

SEED = 36  # the number; fixed before the draw
HERE = Path(__file__).parent


def main(batch: str = "") -> None:
    with open(HERE / f"candidates{batch}.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    order = list(range(len(rows)))
    random.Random(SEED).shuffle(order)
    dev = set(order[: len(rows) // 2])
    with open(HERE / f"split{batch}.tsv", "w", newline="") as f:
        out = csv.writer(f, delimiter="\t", lineterminator="\n")
        out.writerow(["half", *rows[0].keys()])
        for i, row in enumerate(rows):
            out.writerow(["dev" if i in dev else "heldout", *row.values()])


if __name__ == "__main__":
    main(*sys.argv[1:2])
