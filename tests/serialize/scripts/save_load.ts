# torch.save / torch.load from a script; runs unchanged under CPython with PyTorch
# (tests/serialize/run compares the output and, through PyTorch, the two files).
import sys
import torch
from typing import Dict, List

path = sys.argv[1]
base = torch.arange(12.0).reshape(3, 4)
sd: Dict[str, torch.Tensor] = {}
sd["base"] = base
sd["t"] = base.t()
sd["col"] = base[:, 1]
sd["step"] = base[::2, 1::2]
sd["ints"] = torch.tensor([1, -2, 3])
sd["half"] = torch.tensor([0.5, 1.5]).half()
sd["flags"] = torch.tensor([True, False])
sd["scalar"] = torch.tensor(2.5)
sd["empty"] = torch.zeros(0, 3)
torch.save(sd, path)

back = torch.load(path)
for k in ["base", "t", "col", "step", "ints", "half", "flags", "scalar", "empty"]:
    x = back[k]
    print(k, x.dtype, list(x.shape), list(x.stride()), x.storage_offset())
    print(x)
# Views still share their storage after loading.
back["base"][0, 1] = 100.0
print(back["col"][0].item(), back["t"][1, 0].item())
print(torch.load(path, map_location="cpu")["base"].sum().item())
