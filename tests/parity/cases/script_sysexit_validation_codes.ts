# Exercises sys.exit with integer codes from a validation gate after training, plus SystemExit handling.
import sys

import torch
import torch.nn as nn

EXIT_OK = 0
EXIT_DIVERGED = 2
EXIT_LOW_ACCURACY = 3


def train(seed: int, lr: float, epochs: int):
    torch.manual_seed(seed)
    x = torch.randn(80, 2)
    y = ((x[:, 0] ** 2 + x[:, 1] ** 2) < 1.2).long()
    model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for epoch in range(epochs):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    with torch.no_grad():
        acc = (model(x).argmax(1) == y).float().mean().item()
    return loss.item(), acc


def gate(loss: float, acc: float, min_acc: float) -> int:
    if loss != loss or loss > 100:
        return EXIT_DIVERGED
    if acc < min_acc:
        return EXIT_LOW_ACCURACY
    return EXIT_OK


def check(seed, lr, epochs, min_acc):
    loss, acc = train(seed, lr, epochs)
    code = gate(loss, acc, min_acc)
    print(f"seed={seed} lr={lr} epochs={epochs}: loss={loss:.4f} acc={acc:.3f} -> code {code}")
    if code != EXIT_OK:
        sys.exit(code)
    return acc


def main():
    results = []
    for args in [(1, 0.05, 30, 0.6), (2, 0.001, 3, 0.95)]:
        try:
            results.append(check(*args))
        except SystemExit as e:
            print("caught SystemExit with code", e.code, type(e.code).__name__)
            results.append(None)
    print("results:", ["%.3f" % r if r is not None else "FAIL" for r in results])
    try:
        sys.exit("fatal: message exit")
    except SystemExit as e:
        print("string code:", e.code)
    try:
        sys.exit()
    except SystemExit as e:
        print("default code:", e.code)
    print("SystemExit is BaseException:", issubclass(SystemExit, BaseException), issubclass(SystemExit, Exception))
    try:
        try:
            sys.exit(5)
        except Exception:
            print("should not catch here")
    except BaseException as e:
        print("caught by BaseException:", type(e).__name__, e.code)
    failures = sum(1 for r in results if r is None)
    print("failures:", failures)
    sys.stdout.flush()
    sys.exit(EXIT_LOW_ACCURACY if failures else EXIT_OK)


if __name__ == "__main__":
    main()
