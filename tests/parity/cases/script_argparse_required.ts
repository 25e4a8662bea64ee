# A script whose command line needs a data directory: run without one, argparse prints the
# usage and "error: the following arguments are required" to stderr and exits with status 2
# before any training starts.
import argparse

import torch

parser = argparse.ArgumentParser(description="Evaluate a checkpoint")
parser.add_argument("--data-dir", required=True, help="where the test set lives")
parser.add_argument("--checkpoint", default="model.pt")
parser.add_argument("--batch-size", type=int, default=100)
print("parsing arguments")
args = parser.parse_args()
print("evaluating", args.checkpoint, "on", args.data_dir)
print(torch.zeros(2))
