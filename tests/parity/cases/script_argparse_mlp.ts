# A training script configured from the command line: argparse's hyper-parameters (run with
# none, so the defaults), an MLP fitted to a synthetic two-class problem, per-epoch loss and
# accuracy, and the run's settings and results dumped as JSON at the end.
import argparse
import json

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="MLP on two interleaved blobs")
    parser.add_argument("--epochs", type=int, default=5, help="passes over the data")
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--no-shuffle", action="store_true", help="keep the data in order")
    return parser.parse_args()


class MLP(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(2, hidden)
        self.fc2 = nn.Linear(hidden, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(F.relu(self.fc1(x)))


def main():
    args = get_args()
    print(args)
    torch.manual_seed(args.seed)
    n = 256
    x = torch.randn(n, 2)
    y = ((x[:, 0] * x[:, 1]) > 0).long()
    model = MLP(args.hidden)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    history = []
    for epoch in range(1, args.epochs + 1):
        order = torch.arange(n) if args.no_shuffle else torch.randperm(n)
        total = 0.0
        for start in range(0, n, args.batch_size):
            idx = order[start:start + args.batch_size]
            opt.zero_grad()
            loss = F.cross_entropy(model(x[idx]), y[idx])
            loss.backward()
            opt.step()
            total += loss.item() * idx.numel()
        with torch.no_grad():
            acc = (model(x).argmax(dim=1) == y).float().mean().item()
        history.append({"epoch": epoch, "loss": round(total / n, 4), "acc": round(acc, 4)})
        print(f"epoch {epoch}/{args.epochs} loss {total / n:.4f} acc {acc:.3f}")
    print(json.dumps({"args": vars(args), "history": history}, indent=2))


if __name__ == "__main__":
    main()
