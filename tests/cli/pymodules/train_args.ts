# A training script's command line (tests/cli/run runs it with several argument lists under
# CPython and tsrun and compares exit status, stdout and stderr).
import argparse

parser = argparse.ArgumentParser(description="Train a classifier.")
parser.add_argument("data", help="dataset directory")
parser.add_argument("--epochs", type=int, default=2, help="number of epochs (default: %(default)s)")
parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
parser.add_argument("--batch-size", type=int, default=64, metavar="N")
parser.add_argument("--optim", choices=["sgd", "adam"], default="sgd")
parser.add_argument("-v", "--verbose", action="count", default=0)
parser.add_argument("--amp", action="store_true", help="mixed precision")
parser.add_argument("--version", action="version", version="%(prog)s 0.1")
args = parser.parse_args()
print(args)
print("epochs", args.epochs, "lr", args.lr * 10, "batch", args.batch_size)
