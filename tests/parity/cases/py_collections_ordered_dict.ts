# collections.OrderedDict and defaultdict as training scripts use them: ordered metric logs,
# grouping by key, counting with defaultdict(int), and their errors (CPython's types and text).
from collections import OrderedDict, defaultdict
import collections
from typing import Any, Dict, List

import torch

# Metrics per epoch, in insertion order.
history = OrderedDict()
for epoch in range(3):
    history["epoch_" + str(epoch)] = 1.0 / (epoch + 1)
print(history)
print(list(history.keys()), list(history.values()))
print(list(history.items()), len(history), "epoch_1" in history)

history.move_to_end("epoch_0")
print(list(history.keys()))
history.move_to_end("epoch_0", last=False)
print(history)
print(history.popitem(), history)
print(history.popitem(last=False), history)
print(OrderedDict(), OrderedDict([("lr", 0.1), ("momentum", 0.9)]))
cfg = OrderedDict([("layers", 2), ("hidden", 32)])
cfg["dropout"] = 0
cfg2 = cfg.copy()
cfg2["layers"] = 4
print(cfg, cfg2, type(cfg2).__name__, isinstance(cfg, dict))
for key, value in cfg.items():
    print(key, value)
print(dict(cfg), OrderedDict(cfg) == cfg)

# A state dict kept as an OrderedDict of tensors.
torch.manual_seed(0)
weights = OrderedDict()
weights["fc.weight"] = torch.ones(2, 2)
weights["fc.bias"] = torch.zeros(2)
print([k for k in weights], weights["fc.bias"])

try:
    history.move_to_end("missing")
except KeyError as e:
    print("KeyError", e)
empty = OrderedDict([("a", 1)])
empty.popitem()
try:
    empty.popitem()
except KeyError as e:
    print("KeyError", e)
try:
    plain: Dict[str, int] = {}
    plain.popitem()
except KeyError as e:
    print("KeyError", e)

# defaultdict: the factory makes missing values (and stores them).
by_label = defaultdict(list)
for i, label in enumerate([0, 1, 0, 2, 1, 0]):
    by_label[label].append(i)
print(by_label)
print(by_label[0], len(by_label), by_label[5], len(by_label))
counts = defaultdict(int)
for word in "the model saw the data and the labels".split():
    counts[word] += 1
print(counts, counts["unseen"])
sums = defaultdict(float)
for name, loss in [("train", 0.5), ("val", 0.25), ("train", 0.125)]:
    sums[name] += loss
print(sums, sums.default_factory)
nested = defaultdict(dict)
nested["a"]["b"] = 1
print(nested)
best = defaultdict(lambda: -1.0)
best["acc"] = max(best["acc"], 0.75)
print(best["acc"], best["loss"], len(best))
groups: Dict[str, List[int]] = defaultdict(list)
groups["even"].append(2)
groups["odd"].extend([1, 3])
print(groups["even"], groups["odd"], sorted(groups.keys()))
print(collections.defaultdict(str, [("x", "y")]), defaultdict(int, {"a": 1}))
loaded: Any = 5  # a value whose type is known only at run time
try:
    defaultdict(loaded)
except TypeError as e:
    print("TypeError", e)
try:
    OrderedDict(loaded)
except TypeError as e:
    print("TypeError", e)
no_factory = defaultdict(None)
try:
    print(no_factory["x"])
except KeyError as e:
    print("KeyError", e)
print(no_factory.get("x"), counts.get("zzz", -1))
