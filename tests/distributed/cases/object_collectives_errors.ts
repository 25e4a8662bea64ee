# Object collectives refuse a value torch.save cannot save with a TypeError naming its type
# (before anything is sent, so the group goes on); negative send/recv tags are refused.
# ts-only: PyTorch pickles any picklable object, such as an instance of a script class
# world: 2
# expect rank 0: TypeError all_gather_object(): cannot serialize an object of type Point: torch.save: cannot save an object of type Point (tensors, dicts, lists, tuples, int, float, str, bool and None can be saved)
# expect rank 0: RuntimeError Tag must be nonnegative
# expect rank 0: after [{'rank': 0}, {'rank': 1}]
import torch
import torch.distributed as dist
from typing import Any, List


class Point:
    def __init__(self, x: int):
        self.x = x


dist.init_process_group("gloo")
rank = dist.get_rank()
out: List[Any] = [None, None]
try:
    dist.all_gather_object(out, Point(rank))
except TypeError as e:
    print("TypeError", e)
try:
    dist.send(torch.zeros(1), 1 - rank, tag=-3)
except RuntimeError as e:
    print("RuntimeError", e)
dist.all_gather_object(out, {"rank": rank})
print("after", out)
