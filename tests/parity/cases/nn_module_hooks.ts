# Module hooks: forward pre-hooks, forward hooks and full backward hooks, registered from a
# script, with removal through the handle, as feature extraction and gradient inspection use them.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(8, 3)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


net = Net()
x = torch.randn(5, 4)

# Feature extraction with forward hooks.
activation = {}


def get_activation(name):
    def hook(module, inp, out):
        activation[name] = out.detach()
    return hook


h1 = net.fc1.register_forward_hook(get_activation("fc1"))
h2 = net.act.register_forward_hook(get_activation("act"))
y = net(x)
print(sorted(activation.keys()))
print(activation["fc1"].shape, activation["act"].shape)
print(torch.equal(activation["act"], torch.relu(activation["fc1"])))
print(f"{activation['act'].sum().item():.4f}")
h1.remove()
h2.remove()
activation.clear()
net(x)
print(len(activation))

# A pre-hook sees the inputs as a tuple and may replace them.
calls = []


def double_input(module, inputs):
    calls.append(len(inputs))
    return (inputs[0] * 2,)


def log_shapes(module, inputs, output):
    calls.append(tuple(output.shape))


hp = net.fc1.register_forward_pre_hook(double_input)
hf = net.register_forward_hook(log_shapes)
y2 = net(x)
print(calls)
ref = net.fc2(torch.relu(net.fc1.weight.matmul((2 * x).t()).t() + net.fc1.bias))
print(torch.allclose(y2, ref))
hp.remove()
hf.remove()

# A forward hook that returns a value replaces the output.
h = net.fc2.register_forward_hook(lambda m, i, o: o * 0 + 1)
print(net(x)[0])
h.remove()
print(f"{net(x).sum().item():.4f}")

# Handles as context managers.
seen = []
with net.act.register_forward_hook(lambda m, i, o: seen.append(o.shape[1])):
    net(x)
net(x)
print(seen)

# Hooks on modules inside a Sequential.
seq = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
names = []
for name, m in seq.named_children():
    m.register_forward_hook(lambda mod, i, o, name=name: names.append(name + ":" + type(mod).__name__))
seq(x)
print(names)

# Full backward hooks: grad_input and grad_output of a module.
grads = {}


def save_grads(module, grad_input, grad_output):
    grads["in"] = [None if g is None else tuple(g.shape) for g in grad_input]
    grads["out"] = [tuple(g.shape) for g in grad_output]
    grads["out_sum"] = grad_output[0].sum().item()


xg = torch.randn(5, 4, requires_grad=True)
hb = net.fc1.register_full_backward_hook(save_grads)
net(xg).sum().backward()
print(grads["in"], grads["out"], f"{grads['out_sum']:.4f}")
g_before = xg.grad.clone()
hb.remove()

# A backward hook may scale the gradient flowing to the inputs.
xg.grad = None
hs = net.fc1.register_full_backward_hook(lambda m, gi, go: (gi[0] * 3,))
net(xg).sum().backward()
print(torch.allclose(xg.grad, 3 * g_before))
hs.remove()

# When no input requires grad, grad_input is all None.
xs = torch.randn(5, 4)
hb = net.fc1.register_full_backward_hook(save_grads)
net(xs).sum().backward()
print(grads["in"], grads["out"])
hb.remove()

# Parameter gradients are unchanged by a hook that only reads.
net.zero_grad()
net(xg).sum().backward()
w1 = net.fc1.weight.grad.clone()
net.zero_grad()
hr = net.fc1.register_full_backward_hook(lambda m, gi, go: None)
net(xg).sum().backward()
print(torch.equal(w1, net.fc1.weight.grad))
hr.remove()
