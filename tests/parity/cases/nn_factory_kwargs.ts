# nn module constructors' factory keywords device= and dtype=: parameters and buffers are created
# in that dtype (on the CPU), initialized with the same random draws as without them; a CUDA
# device on a build without CUDA fails as a tensor created there does.
import torch
import torch.nn as nn

f64 = torch.float64


def show(name: str, m: nn.Module, y: torch.Tensor) -> None:
    dtypes = [str(p.dtype) for p in m.parameters()] + [str(b.dtype) for b in m.buffers()]
    print(name, dtypes, y.dtype, "{:.10f}".format(float(y.sum())))


torch.manual_seed(0)
m1 = nn.Linear(3, 4, dtype=f64)
show("Linear", m1, m1(torch.randn(2, 3, dtype=f64)))
m2 = nn.Linear(3, 4, False, "cpu", f64)
show("Linear positional", m2, m2(torch.randn(2, 3, dtype=f64)))
m3 = nn.Linear(3, 4, device=torch.device("cpu"))
show("Linear device", m3, m3(torch.randn(2, 3)))
m4 = nn.Bilinear(2, 3, 4, dtype=f64)
show("Bilinear", m4, m4(torch.randn(5, 2, dtype=f64), torch.randn(5, 3, dtype=f64)))
c1 = nn.Conv1d(2, 3, 3, dtype=f64)
show("Conv1d", c1, c1(torch.randn(1, 2, 6, dtype=f64)))
c2 = nn.Conv2d(1, 8, 3, device="cpu", dtype=f64)
show("Conv2d", c2, c2(torch.randn(1, 1, 5, 5, dtype=f64)))
c3 = nn.Conv3d(1, 2, 2, padding=1, dtype=f64)
show("Conv3d", c3, c3(torch.randn(1, 1, 3, 3, 3, dtype=f64)))
t1 = nn.ConvTranspose1d(2, 3, 3, dtype=f64)
show("ConvTranspose1d", t1, t1(torch.randn(1, 2, 4, dtype=f64)))
t2 = nn.ConvTranspose2d(2, 3, 3, stride=2, device=torch.device("cpu"), dtype=f64)
show("ConvTranspose2d", t2, t2(torch.randn(1, 2, 3, 3, dtype=f64)))
t3 = nn.ConvTranspose3d(1, 2, 2, dtype=f64)
show("ConvTranspose3d", t3, t3(torch.randn(1, 1, 2, 2, 2, dtype=f64)))
b1 = nn.BatchNorm1d(3, dtype=f64)
show("BatchNorm1d", b1, b1(torch.randn(4, 3, dtype=f64)).pow(3))
print(b1.running_mean, b1.running_var, b1.num_batches_tracked)
b2 = nn.BatchNorm2d(2, device="cpu", dtype=f64)
show("BatchNorm2d", b2, b2(torch.randn(2, 2, 3, 3, dtype=f64)).pow(3))
b3 = nn.BatchNorm3d(2, affine=False, dtype=f64)
show("BatchNorm3d", b3, b3(torch.randn(2, 2, 2, 2, 2, dtype=f64)).pow(3))
ln = nn.LayerNorm([3], dtype=f64)
show("LayerNorm", ln, ln(torch.randn(2, 3, dtype=f64)).pow(3))
gn = nn.GroupNorm(2, 4, dtype=f64)
show("GroupNorm", gn, gn(torch.randn(2, 4, 3, dtype=f64)).pow(3))
i1 = nn.InstanceNorm1d(2, affine=True, track_running_stats=True, dtype=f64)
show("InstanceNorm1d", i1, i1(torch.randn(2, 2, 5, dtype=f64)).pow(3))
i2 = nn.InstanceNorm2d(2, dtype=f64)
show("InstanceNorm2d", i2, i2(torch.randn(1, 2, 3, 3, dtype=f64)).pow(3))
e1 = nn.Embedding(10, 3, padding_idx=0, dtype=f64)
show("Embedding", e1, e1(torch.tensor([[0, 2, 5], [9, 1, 1]])))
e2 = nn.EmbeddingBag(10, 3, mode="sum", device="cpu", dtype=f64)
show("EmbeddingBag", e2, e2(torch.tensor([1, 2, 4, 5, 4, 3]), torch.tensor([0, 3])))
pr = nn.PReLU(3, dtype=f64)
show("PReLU", pr, pr(torch.randn(2, 3, dtype=f64)))
r1 = nn.RNN(3, 4, 2, nonlinearity="relu", dtype=f64)
y1, h1 = r1(torch.randn(5, 2, 3, dtype=f64))
show("RNN", r1, y1 + h1.sum())
r4 = nn.RNN(3, 4, 1, False, True, 0.0, False, dtype=f64)
y4, h4 = r4(torch.randn(2, 5, 3, dtype=f64))
show("RNN positional", r4, y4 + h4.sum())
r2 = nn.LSTM(3, 4, bidirectional=True, device="cpu", dtype=f64)
y2, (h2, cs2) = r2(torch.randn(5, 2, 3, dtype=f64))
show("LSTM", r2, y2 + h2.sum() + cs2.sum())
r3 = nn.GRU(3, 4, batch_first=True, dtype=f64)
y3, h3 = r3(torch.randn(2, 5, 3, dtype=f64))
show("GRU", r3, y3 + h3.sum())
k1 = nn.RNNCell(3, 4, True, "tanh", "cpu", f64)
show("RNNCell", k1, k1(torch.randn(2, 3, dtype=f64)))
k2 = nn.LSTMCell(3, 4, dtype=f64)
hk2, ck2 = k2(torch.randn(2, 3, dtype=f64))
show("LSTMCell", k2, hk2 + ck2)
k3 = nn.GRUCell(3, 4, bias=False, dtype=f64)
show("GRUCell", k3, k3(torch.randn(2, 3, dtype=f64)))
a1 = nn.MultiheadAttention(4, 2, add_bias_kv=True, dtype=f64)
q = torch.randn(3, 2, 4, dtype=f64)
o1, w1 = a1(q, q, q)
show("MultiheadAttention", a1, o1 + w1.sum())
a2 = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, device=torch.device("cpu"), dtype=f64)
o2, _ = a2(q, torch.randn(6, 2, 3, dtype=f64), torch.randn(6, 2, 5, dtype=f64))
show("MultiheadAttention kdim", a2, o2)
el = nn.TransformerEncoderLayer(4, 2, 8, 0.0, dtype=f64)
show("TransformerEncoderLayer", el, el(torch.randn(3, 2, 4, dtype=f64)).pow(3))

# a CUDA device on a build without CUDA fails as a tensor created there does
for dev in ["cuda", "cuda:0"]:
    for make in ["Linear", "BatchNorm1d", "LSTM"]:
        try:
            if make == "Linear":
                print(nn.Linear(3, 4, device=dev).weight.device)
            elif make == "BatchNorm1d":
                print(nn.BatchNorm1d(3, device=dev).running_mean.device)
            else:
                print(nn.LSTM(3, 4, device=dev).weight_ih_l0.device)
        except Exception as e:
            print(make, dev, "Torch not compiled with CUDA enabled" in str(e))
    try:
        print(torch.zeros(2, device=dev).device)
    except Exception as e:
        print("zeros", dev, "Torch not compiled with CUDA enabled" in str(e))
