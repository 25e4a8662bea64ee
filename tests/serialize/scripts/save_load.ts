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

back: Dict[str, torch.Tensor] = torch.load(path)
for k in ["base", "t", "col", "step", "ints", "half", "flags", "scalar", "empty"]:
    x = back[k]
    print(k, x.dtype, list(x.shape), list(x.stride()))
    print(x)
# Views still share their storage after loading.
b = back["base"]
b[0, 1] = 100.0
t = back["t"]
print(back["col"][0].item(), t[1, 0].item())
again: Dict[str, torch.Tensor] = torch.load(path, map_location="cpu")
print(again["base"].sum().item())
nest = [1, 2]
torch.save(nest, path + ".list")
print(torch.load(path + ".list"))

# A model's state_dict: written by both, loaded back into a fresh model.
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
torch.save(model.state_dict(), path + ".sd")
fresh = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.BatchNorm1d(2))
fresh.load_state_dict(torch.load(path + ".sd"))
fresh.eval()
print(fresh(torch.ones(4, 3)).detach())

# FileNotFoundError, as open() raises (the checker does not know that name yet: catch Exception).
try:
    torch.load(path + ".missing")
except Exception as e:
    print("missing file:", str(e).startswith("[Errno 2] No such file or directory: '"), str(e).endswith(".missing'"))
