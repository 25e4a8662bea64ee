# Exercises logging to stdout plus defaultdict, Counter, deque moving averages, namedtuple and OrderedDict in a training loop.
import logging
import sys
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple
import torch
import torch.nn as nn

Record = namedtuple("Record", ["step", "loss", "acc"])


class MovingAverage:
    def __init__(self, window: int):
        self.values = deque(maxlen=window)

    def update(self, v: float) -> float:
        self.values.append(v)
        return sum(self.values) / len(self.values)


def main():
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("trainer")
    log.info("starting run with %d steps", 12)
    log.debug("this debug line is hidden")
    torch.manual_seed(0)
    model = nn.Sequential(OrderedDict([("fc1", nn.Linear(3, 6)), ("act", nn.ReLU()), ("fc2", nn.Linear(6, 3))]))
    print(model)
    print("named modules:", [n for n, _ in model.named_children()])
    x = torch.randn(48, 3)
    y = x.argmax(1)
    print("label counts:", sorted(Counter(y.tolist()).items()))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    avg = MovingAverage(4)
    history = []
    per_class_correct = defaultdict(int)
    for step in range(12):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        pred = logits.argmax(1)
        acc = (pred == y).float().mean().item()
        history.append(Record(step, round(loss.item(), 4), round(acc, 4)))
        smooth = avg.update(loss.item())
        if step % 3 == 0:
            log.info("step %02d loss %.4f smooth %.4f acc %.3f", step, loss.item(), smooth, acc)
        if step == 11:
            for t, p in zip(y.tolist(), pred.tolist()):
                if t == p:
                    per_class_correct[t] += 1
    log.warning("finished; best loss %.4f", min(r.loss for r in history))
    print("last record:", history[-1], history[-1].loss, history[-1]._asdict())
    print("per-class correct:", dict(sorted(per_class_correct.items())))
    grouped = defaultdict(list)
    for r in history:
        grouped[r.step // 4].append(r.loss)
    print("grouped:", {k: [round(v, 2) for v in vs] for k, vs in grouped.items()})
    od = OrderedDict()
    od["b"] = 2
    od["a"] = 1
    od.move_to_end("b")
    print("ordered:", list(od.keys()), od.popitem(last=False))
    c = Counter("mississippi")
    print("most common:", c.most_common(2), "total:", sum(c.values()))
    c.subtract({"s": 2})
    print("after subtract:", sorted(c.items()))
    dq = deque([1, 2, 3])
    dq.rotate(1)
    dq.appendleft(0)
    print("deque:", list(dq), dq.maxlen)
    r2 = history[0]._replace(loss=0.0)
    print("replaced:", r2, Record._fields)
    child = logging.getLogger("trainer.eval")
    child.error("eval failed for %s", "batch 3")


if __name__ == "__main__":
    main()
