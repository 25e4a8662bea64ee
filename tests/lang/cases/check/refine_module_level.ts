# Module-level variables refine as locals do: int -> float, empty containers by first use,
# None -> Optional; the value keeps its run-time type until reassigned, as in Python.
import torch

total = 0
print(total)
for v in [0.5, 1.25, 2.0]:
    total += v
print(total)

losses = []
for i in range(3):
    losses.append(float(i) / 4)
print(losses, sum(losses))

counts = {}
for w in ["a", "b", "a"]:
    counts[w] = counts.get(w, 0) + 1
print(counts)

best = None
for s in [3.0, 1.0, 2.0]:
    if best is None or s < best:
        best = s
print(best)

acc = 0
acc = acc + torch.tensor([1.5, 2.5]).sum().item()
print(acc)


def report() -> str:
    return "total " + str(total) + " first " + str(losses[0])


print(report())
# expect: 0
# expect: 3.75
# expect: [0.0, 0.25, 0.5] 0.75
# expect: {'a': 2, 'b': 1}
# expect: 1.0
# expect: 4.0
# expect: total 3.75 first 0.0
