# argparse's error messages (exit_on_error=False raises argparse.ArgumentError with CPython's
# text) and the errors that exit (SystemExit): required arguments, unrecognized arguments.
import argparse
from typing import List


def positive(s: str) -> int:
    v = int(s)
    if v <= 0:
        raise argparse.ArgumentTypeError(s + " is not a positive integer")
    return v


parser = argparse.ArgumentParser(prog="train", exit_on_error=False)
parser.add_argument("data")
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--epochs", type=positive, default=1)
parser.add_argument("--optim", choices=["sgd", "adam"], default="sgd")
parser.add_argument("--size", type=int, nargs=2)
parser.add_argument("--layers", type=int, nargs="+")
parser.add_argument("--amp", action="store_true")
parser.add_argument("--log-every", type=int, default=10)
parser.add_argument("--log-dir", default="runs")

cases: List[List[str]] = [
    ["d", "--lr", "fast"],
    ["d", "--epochs", "0"],
    ["d", "--epochs", "two"],
    ["d", "--optim", "adamw"],
    ["d", "--size", "3"],
    ["d", "--layers"],
    ["d", "--lr"],
    ["d", "--amp=yes"],
    ["d", "--log-e", "5"],
]
for argv in cases:
    try:
        print(parser.parse_args(argv))
    except argparse.ArgumentError as e:
        print(" ".join(argv), "->", e)
for argv in [["d", "--log-d", "x", "--lr=1e-4"], ["d", "--amp"]]:
    print(parser.parse_args(argv))
for argv in [[], ["d", "extra"], ["d", "--unknown", "1"], ["d", "--log", "5"]]:
    try:
        parser.parse_args(argv)
    except SystemExit:
        print(" ".join(argv), "-> exit")
