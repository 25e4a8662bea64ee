#!/usr/bin/python3
"""Writes tests/golden/fast_kernels.json: PyTorch 1.13 results for the main job's fast CPU
paths: conv2d (output and the gradients of input, weight and bias) for shapes that reach each
path of the direct float32 convolution kernels (kernels/cpu/conv_direct.cpp) and the im2col
fallback beside them, and native_batch_norm forward / backward.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_fast_kernels_golden.py [output.json]

Inputs come from seq() (tests/unit/test_fast_kernels.cpp builds the same tensors): exact
multiples of 1/8. Large results keep about 500 evenly spaced values plus their sum.
"""
import json
import math
import sys

import torch
import torch.nn.functional as F

cases = {}


def seq(shape, a, b, m):
    n = math.prod(shape)
    i = torch.arange(n)
    return ((((i * a + b) % m) - m // 2).to(torch.float64) / 8).to(torch.float32).reshape(shape)


def out(name, t):
    t = t.detach().reshape(-1).to(torch.float64)
    step = 1 if t.numel() <= 1000 else (t.numel() // 500) | 1  # odd: samples every column
    # JSON has no NaN / inf: those are written as strings.
    vals = [v if math.isfinite(v) else str(v) for v in t[::step].tolist()]
    total = float(t[torch.isfinite(t)].sum())
    cases[name] = {"numel": t.numel(), "step": step, "sum": total, "values": vals}


# name: (input shape, weight shape, bias?, stride, padding, dilation, groups)
CONV = {
    "conv1_main": ([2, 1, 28, 28], [16, 1, 3, 3], True, 1, 1, 1, 1),
    "conv2_main": ([3, 16, 14, 14], [32, 16, 3, 3], True, 1, 1, 1, 1),
    "groups_3x5": ([3, 6, 9, 11], [10, 3, 3, 5], True, 1, (1, 2), 1, 2),
    "dilation2": ([2, 4, 10, 10], [6, 4, 3, 3], True, 1, 2, 2, 1),
    "batch1_2x2": ([1, 3, 7, 7], [5, 3, 2, 2], True, 1, (0, 1), 1, 1),
    "nopad_cout7": ([2, 2, 12, 12], [7, 2, 3, 3], False, 1, 0, 1, 1),
    "depthwise": ([2, 8, 12, 12], [8, 1, 3, 3], True, 1, 1, 1, 8),
    "k5_cout40": ([2, 3, 9, 9], [40, 3, 5, 5], True, 1, 2, 1, 1),
    "groups_og32": ([2, 64, 7, 7], [64, 32, 3, 3], True, 1, 1, 1, 2),
    "dil_h_cout33": ([2, 5, 11, 13], [33, 5, 3, 3], True, 1, (2, 1), (2, 1), 1),
    "stride2": ([2, 3, 9, 9], [8, 3, 3, 3], True, 2, 1, 1, 1),
    "pointwise": ([2, 6, 5, 5], [4, 6, 1, 1], True, 1, 0, 1, 1),
    "big_channels": ([2, 160, 6, 6], [16, 160, 3, 3], True, 1, 1, 1, 1),
    "large_image": ([1, 2, 90, 90], [5, 2, 3, 3], True, 1, 1, 1, 1),
    "lenet2_cout20": ([2, 10, 12, 12], [20, 10, 5, 5], True, 1, 0, 1, 1),
    "k3_cout10": ([2, 1, 9, 9], [10, 1, 3, 1], True, 1, 0, 1, 1),
}

for name, (ishape, wshape, has_bias, stride, padding, dilation, groups) in CONV.items():
    x = seq(ishape, 7, 3, 11).requires_grad_()
    w = seq(wshape, 5, 1, 13).requires_grad_()
    b = seq([wshape[0]], 3, 2, 7).requires_grad_() if has_bias else None
    y = F.conv2d(x, w, b, stride, padding, dilation, groups)
    go = seq(list(y.shape), 3, 1, 5)
    y.backward(go)
    out(name + "/out", y)
    out(name + "/gi", x.grad)
    out(name + "/gw", w.grad)
    if has_bias:
        out(name + "/gb", b.grad)

# conv_transpose2d with stride 1 runs on the input-gradient kernel.
x = seq([2, 4, 6, 6], 7, 3, 11)
w = seq([4, 3, 3, 3], 5, 1, 13)
out("transpose_s1/out", F.conv_transpose2d(x, w, seq([3], 3, 2, 7), 1, 1, 1, 1, 2))

# native_batch_norm in training mode (with running stats) and in eval mode, and its backward.
BN = {"bn_small": [4, 16, 7, 9], "bn_main": [16, 16, 28, 28], "bn_2d": [10, 5]}
for name, shape in BN.items():
    c = shape[1]
    x = seq(shape, 7, 3, 11) * 3 + 1
    w = seq([c], 3, 2, 7) + 1
    b = seq([c], 5, 1, 13)
    rm = seq([c], 2, 1, 5)
    rv = seq([c], 3, 1, 5).abs() + 0.5
    y, sm, si = torch.ops.aten.native_batch_norm(x, w, b, rm, rv, True, 0.1, 1e-5)
    out(name + "/out", y)
    out(name + "/save_mean", sm)
    out(name + "/save_invstd", si)
    out(name + "/running_mean", rm)
    out(name + "/running_var", rv)
    go = seq(shape, 3, 1, 7)
    gi, gw, gb = torch.ops.aten.native_batch_norm_backward(go, x, w, rm, rv, sm, si, True, 1e-5,
                                                           [True, True, True])
    out(name + "/gi", gi)
    out(name + "/gw", gw)
    out(name + "/gb", gb)
    ye, _, _ = torch.ops.aten.native_batch_norm(x, w, b, rm, rv, False, 0.1, 1e-5)
    out(name + "/eval_out", ye)
    gie, gwe, gbe = torch.ops.aten.native_batch_norm_backward(go, x, w, rm, rv, None, None, False,
                                                              1e-5, [True, True, True])
    out(name + "/eval_gi", gie)
    out(name + "/eval_gw", gwe)

# max_pool2d with indices: 2x2 stride 2 (the vectorized path: output widths 17, 14, 7, and an
# odd input) and ceil_mode (the general path), on data with ties, NaNs and -inf.
POOL = {
    "pool_w35": ([2, 3, 10, 35], False),
    "pool_main": ([1, 2, 28, 28], False),
    "pool_w7": ([3, 1, 14, 14], False),
    "pool_odd": ([2, 2, 9, 15], False),
    "pool_ceil": ([2, 2, 9, 15], True),
}
for name, (shape, ceil) in POOL.items():
    x = seq(shape, 7, 3, 11).reshape(-1)
    x[::37] = float("nan")
    x[5::53] = float("-inf")
    x = x.reshape(shape)
    y, idx = F.max_pool2d(x, 2, 2, 0, 1, ceil, True)
    out(name + "/out", y)
    out(name + "/idx", idx)

path = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/fast_kernels.json"
with open(path, "w") as f:
    json.dump({"generator": "tools/gen_fast_kernels_golden.py", "torch": torch.__version__,
               "cases": cases}, f, separators=(",", ":"))
    f.write("\n")
print("wrote", path, len(cases), "cases")
