# Dict displays with ** unpacking (config overrides), str methods as values (key=str.lower),
# argparse.Namespace built from keywords and BatchSampler over a plain range.
import argparse
from torch.utils.data import BatchSampler, SequentialSampler

defaults = {"lr": 0.1, "momentum": 0.9, "epochs": 10}
overrides = {"lr": 0.01, "epochs": 3}
config = {**defaults, **overrides}
print(config)
print({**defaults, "lr": 0.5, "name": "run-1"})
print({"first": 1, **overrides}, {**{}}, len({**defaults, **defaults}))
merged = {**{"a": [1, 2]}, **{"b": [3]}}
merged["a"].append(9)
print(merged)

names = ["banana", "Apple", "cherry", "apple", "Banana"]
print(sorted(names, key=str.lower))
print(sorted(names, key=str.casefold, reverse=True))
print(list(map(str.upper, ["a", "bc"])), list(map(str.strip, [" x ", "y  "])))
print(str.lower("MiXeD"), str.replace("a-b-c", "-", "+"), str.split("a b  c"))
print(max(["aa", "B", "c"], key=str.lower))

ns = argparse.Namespace(lr=0.1, name="run", layers=[64, 32])
print(ns, ns.lr, vars(ns))
ns.epochs = 5
print(ns.epochs, "name" in ns, argparse.Namespace() == argparse.Namespace())

print(list(BatchSampler(range(10), batch_size=3, drop_last=True)))
print(list(BatchSampler([5, 6, 7], batch_size=2, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(5)), batch_size=2, drop_last=False)))
print(len(BatchSampler(range(10), batch_size=3, drop_last=False)), len(BatchSampler(range(10), 3, True)))
