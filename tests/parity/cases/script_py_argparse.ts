import argparse
import torch
import torch.nn as nn


def build_parser():
    parser = argparse.ArgumentParser(description="toy trainer")
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=8)
    parser.add_argument("--optim", choices=["sgd", "adam"], default="sgd")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--name", default="run")
    return parser


def make_optimizer(name, params, lr):
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=0.9)
    return torch.optim.Adam(params, lr=lr)


def main():
    args = build_parser().parse_args(["--lr", "0.1", "--epochs", "4", "--optim", "adam", "--verbose"])
    print("config:", args.lr, args.epochs, args.hidden, args.optim, args.verbose, args.name)
    print(sorted(vars(args).items()))
    torch.manual_seed(0)
    x = torch.randn(16, 3)
    y = x.sum(dim=1, keepdim=True)
    model = nn.Sequential(nn.Linear(3, args.hidden), nn.Tanh(), nn.Linear(args.hidden, 1))
    opt = make_optimizer(args.optim, model.parameters(), args.lr)
    loss_fn = nn.MSELoss()
    for epoch in range(args.epochs):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        if args.verbose:
            print("epoch %d loss %.4f" % (epoch, loss.item()))
    print(f"final {args.name}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
