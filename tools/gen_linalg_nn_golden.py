#!/usr/bin/python3
"""Writes tests/golden/linalg_nn.json: PyTorch 1.13 results for the linalg and nn families.

Run with Debian's PyTorch (always /usr/bin/python3):
    /usr/bin/python3 tools/gen_linalg_nn_golden.py [output.json]

Inputs are exact small multiples of 1/4 from seq() (tests/unit/test_linalg_nn.cpp builds the
same tensors), so the C++ side reproduces them bit for bit. Each case stores the result's
shape, dtype and values; the test compares with a tolerance (summation orders differ).
"""
import json
import math
import sys
import warnings

import torch
import torch.nn.functional as F

warnings.filterwarnings("ignore")  # padding="same" with an even kernel warns
cases = {}


def seq(shape, a=7, b=3, m=11, dtype=torch.float32):
    n = math.prod(shape)
    i = torch.arange(n)
    return ((((i * a + b) % m) - m // 2).to(torch.float64) / 4).to(dtype).reshape(shape)


def seqi(shape, a=7, b=3, m=11, dtype=torch.int64):
    n = math.prod(shape)
    i = torch.arange(n)
    return (((i * a + b) % m) - m // 2).to(dtype).reshape(shape)


def out(name, t):
    t = t.detach()
    vals = [float(v) for v in t.reshape(-1).tolist()]
    cases[name] = {"shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", ""),
                   "values": vals}


# linalg
a = seq([3,4]); b = seq([4,5], 5, 1, 13)
out("mm", a @ b)
out("mm_tt", seq([4,3]).t() @ seq([5,4],5,1,13).t())
out("mm_int", seqi([3,4]) @ seqi([4,5],5,1,13))
out("mm_double", seq([3,4],dtype=torch.float64) @ seq([4,5],5,1,13,dtype=torch.float64))
out("addmm", torch.addmm(seq([5],3,2,7), a, b, beta=0.5, alpha=2))
out("addmm_int", torch.addmm(seqi([3,5],3,2,7), seqi([3,4]), seqi([4,5],5,1,13), beta=2, alpha=3))
out("bmm", torch.bmm(seq([2,3,4]), seq([2,4,2],5,1,13)))
out("baddbmm", torch.baddbmm(seq([3,2],3,2,7), seq([2,3,4]), seq([2,4,2],5,1,13), beta=-1, alpha=0.5))
out("addbmm", torch.addbmm(seq([3,2],3,2,7), seq([2,3,4]), seq([2,4,2],5,1,13), beta=2, alpha=0.5))
out("mv", torch.mv(seq([3,4]), seq([4],5,1,13)))
out("mv_t", torch.mv(seq([4,3]).t(), seq([8],5,1,13)[::2]))
out("addmv", torch.addmv(seq([1],3,2,7), seq([3,4]), seq([4],5,1,13), beta=3, alpha=-1))
out("dot", torch.dot(seq([5]), seq([10],5,1,13)[::2]))
out("dot_int", torch.dot(seqi([5]), seqi([5],5,1,13)))
out("matmul_3d_2d", torch.matmul(seq([2,3,4]), seq([4,2],5,1,13)))
out("matmul_2d_3d", torch.matmul(seq([3,4]), seq([2,4,2],5,1,13)))
out("matmul_bcast", torch.matmul(seq([2,1,3,4]), seq([3,4,2],5,1,13)))
out("matmul_1d_3d", torch.matmul(seq([4]), seq([2,4,3],5,1,13)))
out("matmul_3d_1d", torch.matmul(seq([2,3,4]), seq([4],5,1,13)))
out("matmul_1d_2d", torch.matmul(seq([4]), seq([4,3],5,1,13)))
out("matmul_tr_3d_2d", torch.matmul(seq([2,4,3]).transpose(1,2), seq([4,2],5,1,13)))
out("matmul_4d_1d", torch.matmul(seq([2,2,3,4]), seq([4],5,1,13)))
out("outer", torch.outer(seq([3]), seqi([4],5,1,13)))
out("tensordot", torch.tensordot(seq([2,3,4]), seq([4,3,5],5,1,13), dims=([1,2],[1,0])))
out("kron", torch.kron(seq([2,3]), seq([2,2],5,1,13)))
out("cross", torch.cross(seq([2,3]), seq([2,3],5,1,13), dim=1))
out("linalg_cross", torch.linalg.cross(seq([3,2,3]), seq([1,2,3],5,1,13)))
out("einsum_mm", torch.einsum('ij,jk->ik', seq([3,4]), seq([4,5],5,1,13)))
out("einsum_trace", torch.einsum('ii', seq([3,3])))
out("einsum_diag", torch.einsum('ii->i', seq([3,3])))
out("einsum_ell", torch.einsum('...ij,...jk->...ik', seq([2,1,2,3]), seq([5,3,4],5,1,13)))
out("einsum_bsum", torch.einsum('b...,b->...', seq([2,3,4]), seq([2],5,1,13)))
out("einsum_three", torch.einsum('ij,jk,kl->il', seq([2,3]), seq([3,4],5,1,13), seq([4,2],3,2,7)))
out("einsum_outer_t", torch.einsum('i,j->ji', seq([3]), seq([2],5,1,13)))
out("einsum_iij", torch.einsum('iij->j', seq([2,2,3])))
out("einsum_sum", torch.einsum('ij->', seq([3,4])))
out("einsum_bcast1", torch.einsum('i,i->', seq([3]), seq([1],5,1,13)))
# nn
x = seq([2,5]) ; w = seq([3,5],5,1,13); bb = seq([3],3,2,7)
out("linear", F.linear(x, w, bb))
out("linear_nobias_1d", F.linear(seq([5]), w))
out("linear_3d", F.linear(seq([2,2,5]), w, bb))
s = seq([3,5]) * 7
out("softmax_last", torch.softmax(s, 1))
out("log_softmax_last", torch.log_softmax(s, 1))
s3 = seq([2,3,4]) * 3
out("softmax_mid", torch.softmax(s3, 1))
out("log_softmax_mid", torch.log_softmax(s3, 1))
out("softmax_first", torch.softmax(s3, 0))
big = seq([2,4]) * 400
out("softmax_big", torch.softmax(big, 1))
out("log_softmax_big", torch.log_softmax(big, 1))
out("softmax_int_dtype", torch.softmax(seqi([2,3]), 1, dtype=torch.float64))
# softmax backward
xs = (seq([3,5])*2).requires_grad_()
y = torch.softmax(xs, 1); g = seq([3,5],5,1,13); y.backward(g); out("softmax_grad", xs.grad)
xs = (seq([3,5])*2).requires_grad_()
y = torch.log_softmax(xs, 0); y.backward(g); out("log_softmax_grad_dim0", xs.grad)
# conv
inp = seq([2,3,5,6]); wt = seq([4,3,3,2],5,1,13); cb = seq([4],3,2,7)
out("conv_basic", F.conv2d(inp, wt, cb))
out("conv_strided", F.conv2d(inp, wt, cb, stride=(2,1), padding=(1,2), dilation=(1,2)))
wg = seq([4,1,3,3],5,1,13)
out("conv_groups", F.conv2d(seq([1,2,5,5]), wg, None, padding=1, groups=2))
out("conv_same_even", F.conv2d(seq([1,2,5,5]), seq([3,2,4,2],5,1,13), padding='same'))
out("conv_1x1", F.conv2d(inp, seq([2,3,1,1],5,1,13), cb[:2]))
out("conv_unbatched", F.conv2d(seq([3,5,6]), wt, stride=2))
out("conv_int", F.conv2d(seqi([1,2,4,4]), seqi([2,2,2,2],5,1,13)))
# conv backward
inp_r = seq([2,3,5,6]).requires_grad_(); wt_r = seq([4,3,3,2],5,1,13).requires_grad_(); cb_r = seq([4],3,2,7).requires_grad_()
yo = F.conv2d(inp_r, wt_r, cb_r, stride=(2,1), padding=(1,1), dilation=(1,2))
go = seq(list(yo.shape), 3, 1, 5); yo.backward(go)
out("conv_bw_out_shape", torch.tensor(list(yo.shape)))
out("conv_bw_gi", inp_r.grad); out("conv_bw_gw", wt_r.grad); out("conv_bw_gb", cb_r.grad)
inp_r = seq([2,4,4,4]).requires_grad_(); wt_r = seq([4,2,3,3],5,1,13).requires_grad_()
yo = F.conv2d(inp_r, wt_r, None, padding=1, groups=2); go = seq(list(yo.shape), 3, 1, 5); yo.backward(go)
out("conv_bw_groups_gi", inp_r.grad); out("conv_bw_groups_gw", wt_r.grad)
# pooling
p_in = seq([1,2,5,5], 7, 3, 13)
o, i = F.max_pool2d_with_indices(p_in, 2); out("pool_basic", o); out("pool_basic_idx", i)
o, i = F.max_pool2d_with_indices(p_in, 3, 2, 1, 1, True); out("pool_ceil", o); out("pool_ceil_idx", i)
o, i = F.max_pool2d_with_indices(p_in, (3,2), (1,2), (1,0), (2,1), False); out("pool_dil", o); out("pool_dil_idx", i)
pr = p_in.clone().requires_grad_(); o = F.max_pool2d(pr, 3, 1, 1); o.backward(seq(list(o.shape),3,1,5)); out("pool_grad", pr.grad)
# losses
lp = torch.log_softmax(seq([4,5])*2, 1); tg = torch.tensor([1,0,4,2]); wcls = seq([5],3,2,7).abs()+0.5
out("nll_mean", F.nll_loss(lp, tg)); out("nll_sum", F.nll_loss(lp, tg, reduction='sum')); out("nll_none", F.nll_loss(lp, tg, reduction='none'))
out("nll_w_mean", F.nll_loss(lp, tg, weight=wcls)); out("nll_w_ign_mean", F.nll_loss(lp, torch.tensor([1,0,-100,2]), weight=wcls))
out("nll_ign0_none", F.nll_loss(lp, tg, ignore_index=0, reduction='none'))
out("nll_1d", F.nll_loss(lp[0], torch.tensor(3)))
lp4 = seq([2,3,2,2]); tg4 = torch.tensor([[[0,1],[2,1]],[[1,1],[0,2]]])
out("nll_2d_mean", F.nll_loss(lp4, tg4, weight=wcls[:3])); out("nll_2d_none", F.nll_loss(lp4, tg4, reduction='none'))
lp3 = seq([2,3,4]); tg3 = torch.tensor([[0,1,2,1],[2,2,0,1]])
out("nll_3d_none", F.nll_loss(lp3, tg3, reduction='none')); out("nll_3d_sum", F.nll_loss(lp3, tg3, reduction='sum'))
# nll backward via autograd
lpr = lp.clone().requires_grad_(); l = F.nll_loss(lpr, torch.tensor([1,0,-100,2]), weight=wcls); l.backward(); out("nll_grad", lpr.grad)
logits = seq([4,5])*2
out("ce_idx", F.cross_entropy(logits, tg)); out("ce_idx_w_none", F.cross_entropy(logits, tg, weight=wcls, reduction='none'))
probs = torch.softmax(seq([4,5],5,1,13), 1)
out("ce_prob", F.cross_entropy(logits, probs)); out("ce_prob_w_ls_none", F.cross_entropy(logits, probs, weight=wcls, label_smoothing=0.2, reduction='none'))
out("ce_ls", F.cross_entropy(logits, torch.tensor([1,0,-100,2]), label_smoothing=0.1))
out("ce_ls_w", F.cross_entropy(logits, torch.tensor([1,0,-100,2]), weight=wcls, label_smoothing=0.3))
out("ce_ls_w_sum", F.cross_entropy(logits, torch.tensor([1,0,-100,2]), weight=wcls, label_smoothing=0.3, reduction='sum'))
out("ce_ls_none", F.cross_entropy(logits, torch.tensor([1,0,-100,2]), label_smoothing=0.3, reduction='none'))
out("ce_4d", F.cross_entropy(seq([2,3,2,2]), tg4))
out("mse_mean", F.mse_loss(seq([3,4]), seq([3,4],5,1,13))); out("mse_sum", F.mse_loss(seq([3,4]), seq([3,4],5,1,13), reduction='sum'))
out("mse_bcast_none", torch._C._nn.mse_loss(seq([2,3]), seq([3],5,1,13), 0))
out("mse_double", torch._C._nn.mse_loss(seq([3]), seq([3],5,1,13,dtype=torch.float64), 1))
mi = seq([3,4]).requires_grad_(); l = F.mse_loss(mi, seq([3,4],5,1,13)); l.backward(); out("mse_grad", mi.grad)
# dropout
torch.manual_seed(0); out("dropout_seed0", torch.dropout(seq([2,6]), 0.3, True))


path = sys.argv[1] if len(sys.argv) > 1 else "tests/golden/linalg_nn.json"
with open(path, "w") as f:
    json.dump({"generator": "tools/gen_linalg_nn_golden.py", "torch": torch.__version__,
               "cases": cases}, f, separators=(",", ":"))
    f.write("\n")
