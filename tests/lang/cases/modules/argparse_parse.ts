# argparse parsing: positionals, optionals (short, long, abbreviated, --x=v, -xV), types, defaults,
# choices, the actions, nargs, groups, parse_known_args; the Namespace prints, compares and takes
# new attributes as CPython's.
import argparse
parser = argparse.ArgumentParser(description="Train a small classifier on random data with a configurable optimizer and schedule.")
parser.add_argument("data", help="path to the data directory")
parser.add_argument("--lr", type=float, default=0.1, help="learning rate (default: %(default)s)")
parser.add_argument("-e", "--epochs", type=int, default=3, help="number of epochs to train for")
parser.add_argument("--batch-size", type=int, default=32, metavar="N")
parser.add_argument("--optim", choices=["sgd", "adam"], default="sgd", help="optimizer")
parser.add_argument("--verbose", "-v", action="count", default=0)
parser.add_argument("--no-cuda", action="store_true", help="disables CUDA training")
parser.add_argument("--layers", nargs="+", type=int, default=[8])
parser.add_argument("--tag", action="append")
parser.add_argument("--seed", nargs="?", const=7, type=int)
parser.add_argument("--size", nargs=2, type=int)
g = parser.add_argument_group("logging", "where the logs go")
g.add_argument("--log-dir", default="runs")
args = parser.parse_args(["d", "--lr", "0.5", "-vv", "--layers", "3", "4", "--tag", "a", "--tag=b", "--seed", "--size", "2", "3", "--batch", "8"])
print(args)
print(args.lr * 2, args.epochs, args.batch_size, args.optim, args.verbose, args.no_cuda, args.layers, args.tag, args.seed, args.size)
print(vars(args))
print(parser.format_usage(), end="")
print(parser.format_help(), end="")
a2, rest = parser.parse_known_args(["x", "--zzz", "1", "-e5"])
print(a2, rest)
print(parser.parse_args(["x", "--optim=adam", "--lr=1e-3", "--seed=3"]))
args.lr = 0.25
setattr(args, "note", "x")
print("lr" in args, "zz" in args, args.lr, getattr(args, "note"), hasattr(args, "nope"))
v = vars(args)
v["epochs"] = 9
print(args.epochs, args == parser.parse_args(["d"]), sorted(vars(args).keys())[:3])
