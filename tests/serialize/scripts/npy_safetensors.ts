# ts.save_npy / ts.load_npy and ts.safetensors (Ts-only helpers; not runnable under CPython).
import sys
import torch
import ts
from typing import Dict

d = sys.argv[1]
x = torch.arange(6.0).reshape(2, 3).t()
ts.save_npy(x, d + "/ts_x.npy")
y = ts.load_npy(d + "/ts_x.npy")
print("npy", list(y.shape), bool(torch.equal(x, y)))
m: Dict[str, torch.Tensor] = {"w": torch.arange(6.0).reshape(2, 3), "i": torch.tensor([1, 2, 3])}
ts.safetensors.save_file(m, d + "/ts_m.safetensors", metadata={"k": "v"})
back = ts.safetensors.load_file(d + "/ts_m.safetensors")
names = sorted(list(back.keys()))
print("st", names, bool(torch.equal(back["w"], m["w"])) and bool(torch.equal(back["i"], m["i"])))
