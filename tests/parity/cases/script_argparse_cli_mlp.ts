# Exercises argparse with parse_args([...]) lists, choices, store_true, and a tiny classifier.
import argparse
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Toy classifier")
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--optimizer", choices=["sgd", "adam"], default="sgd")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--tag", type=str, default="run")
    return parser


class Net(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(2, hidden)
        self.fc2 = nn.Linear(hidden, 3)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


def make_data(n: int):
    x = torch.randn(n, 2)
    y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
    return x, y


def run(argv):
    args = get_parser().parse_args(argv)
    print(f"args: lr={args.lr} epochs={args.epochs} hidden={args.hidden} opt={args.optimizer} verbose={args.verbose} tag={args.tag}")
    torch.manual_seed(args.seed)
    x, y = make_data(120)
    model = Net(args.hidden)
    if args.optimizer == "sgd":
        opt = torch.optim.SGD(model.parameters(), lr=args.lr)
    else:
        opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        opt.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        opt.step()
        if args.verbose:
            print(f"  [{args.tag}] epoch {epoch} loss {loss.item():.4f}")
    with torch.no_grad():
        acc = (model(x).argmax(dim=1) == y).float().mean().item()
    print(f"[{args.tag}] final accuracy {acc:.3f}")
    return acc


def main():
    results = {}
    results["default"] = run([])
    results["adam"] = run(["--optimizer", "adam", "--lr", "0.01", "--epochs", "8", "--tag", "adam"])
    results["verbose"] = run(["--verbose", "--epochs", "3", "--hidden=16", "--tag", "v"])
    best = max(results, key=lambda k: results[k])
    print("best run:", best)
    ns = vars(get_parser().parse_args(["--seed", "7"]))
    print("keys:", sorted(ns.keys()))
    print("seed:", ns["seed"])
    code = 0 if results[best] > 0.3 else 1
    sys.exit(code)


if __name__ == "__main__":
    main()
