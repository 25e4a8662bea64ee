# Exercises defaultdict, Counter, OrderedDict, deque and namedtuple for tracking training metrics.
from collections import defaultdict, Counter, OrderedDict, deque, namedtuple

import torch
import torch.nn as nn

StepResult = namedtuple("StepResult", ["step", "loss", "correct"])
LayerInfo = namedtuple("LayerInfo", "name numel shape")


def main():
    torch.manual_seed(8)
    x = torch.randn(90, 4)
    y = torch.randint(0, 3, (90,))
    model = nn.Sequential(OrderedDict([
        ("fc1", nn.Linear(4, 10)),
        ("act", nn.ReLU()),
        ("fc2", nn.Linear(10, 3)),
    ]))
    print(model)
    infos = [LayerInfo(n, p.numel(), tuple(p.shape)) for n, p in model.named_parameters()]
    for info in infos:
        print(info)
    print("largest:", max(infos, key=lambda i: i.numel).name)
    print("as dict:", infos[0]._asdict())

    opt = torch.optim.SGD(model.parameters(), lr=0.3)
    history = defaultdict(list)
    recent = deque(maxlen=5)
    pred_counts = Counter()
    results = []
    for step in range(20):
        idx = torch.arange(step * 7 % 90, step * 7 % 90 + 15) % 90
        xb, yb = x[idx], y[idx]
        opt.zero_grad()
        out = model(xb)
        loss = nn.functional.cross_entropy(out, yb)
        loss.backward()
        opt.step()
        preds = out.argmax(1)
        pred_counts.update(preds.tolist())
        correct = int((preds == yb).sum())
        r = StepResult(step, round(loss.item(), 4), correct)
        results.append(r)
        recent.append(r.loss)
        history["loss"].append(r.loss)
        history["correct"].append(correct)
        if step % 5 == 4:
            print(f"step {step}: moving avg {sum(recent) / len(recent):.4f} window={list(recent)}")

    print("history keys:", sorted(history))
    print("total correct:", sum(history["correct"]))
    print("missing key default:", history["missing"])
    print("pred counts:", sorted(pred_counts.items()))
    print("most common:", pred_counts.most_common(2))
    label_counts = Counter(y.tolist())
    print("labels:", dict(sorted(label_counts.items())), "total:", sum(label_counts.values()))
    diff = label_counts - Counter({0: 10})
    print("diff:", sorted(diff.items()))

    best = min(results, key=lambda r: r.loss)
    s, l, c = best
    print(f"best step={s} loss={l} correct={c}")
    print("replace:", best._replace(correct=0))
    print("fields:", StepResult._fields)

    od = OrderedDict()
    for name, p in model.named_parameters():
        od[name] = round(p.norm().item(), 3)
    od.move_to_end("fc1.weight")
    print("ordered:", list(od.items()))
    k, v = od.popitem(last=False)
    print("popped first:", k, v)

    dq = deque([1, 2, 3])
    dq.appendleft(0)
    dq.rotate(1)
    dq.extend([7, 8])
    print("deque:", list(dq), dq.pop(), dq.popleft(), len(dq))

    nested = defaultdict(lambda: defaultdict(int))
    for r in results:
        nested["even" if r.step % 2 == 0 else "odd"][r.correct > 7] += 1
    print("nested:", {k: dict(sorted(v.items())) for k, v in sorted(nested.items())})


if __name__ == "__main__":
    main()
