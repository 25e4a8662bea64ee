# argparse's help layout: wrapped usage, description, sections, long option names, %(default)s,
# groups, epilog; -h prints it to stdout and exits 0.
import argparse

parser = argparse.ArgumentParser(description="Fine-tune a pretrained network on a folder of images, with "
                                 "checkpoints and per-epoch validation. A "
                                 "verylongwordthatkeepsgoingandgoingandgoingandgoingandgoingandgoingandgoingandgoing "
                                 "is split.",
                                 epilog="Example: %(prog)s data/ --lr 0.01")
parser.add_argument("data", help="dataset root")
parser.add_argument("--arch", "-a", default="resnet18", choices=["resnet18", "resnet34", "vgg11"],
                    help="model architecture: %(choices)s (default: %(default)s)")
parser.add_argument("--workers", type=int, default=4, metavar="N",
                    help="number of data loading workers that decode and augment images in the background "
                         "while the model trains (default: %(default)d)")
parser.add_argument("--lr", "--learning-rate", type=float, default=0.1, dest="lr", help="initial learning rate")
parser.add_argument("--resume", default="", type=str, metavar="PATH", help="path to latest checkpoint (default: none)")
parser.add_argument("--evaluate", action="store_true", help="evaluate model on validation set")
parser.add_argument("--milestones", nargs="*", type=int, default=[30, 60])
parser.add_argument("--betas", nargs=2, type=float, default=[0.9, 0.999], help="Adam's betas")
parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
group = parser.add_argument_group("distributed", "Options for multi-process training.")
group.add_argument("--world-size", default=-1, type=int, help="number of nodes")
group.add_argument("--dist-url", default="tcp://127.0.0.1:23456", help="url used to set up training, "
                   "a long help string that wraps onto a second line")
print(parser.format_usage(), end="")
print("---")
parser.print_usage()
print("---")
parser.parse_args(["-h"])
print("not reached")
