import torch
import torch.nn as nn

torch.manual_seed(13)

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
x = torch.randn(16, 4)
y = torch.randn(16, 1)
loss_fn = nn.MSELoss()

for epoch in range(3):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: {loss.item():.4f}")

model.zero_grad(set_to_none=True)
print("grad after set_to_none:", model[0].weight.grad)
loss_fn(model(x), y).backward()
model.zero_grad(set_to_none=False)
print("grad after zeroing:", model[0].bias.grad)

sd = opt.state_dict()
print("opt keys:", list(sd.keys()))
print("param_groups keys:", sorted(sd["param_groups"][0].keys()))
print("params ids:", sd["param_groups"][0]["params"])
print("state entries:", len(sd["state"]), list(sd["state"][0].keys()))
print("momentum buffer shape:", tuple(sd["state"][0]["momentum_buffer"].shape))

adam = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.99))
loss_fn(model(x), y).backward()
adam.step()
st = adam.state_dict()
print("adam state keys:", sorted(st["state"][1].keys()))
print("adam step:", st["state"][1]["step"])
print("betas:", st["param_groups"][0]["betas"])
for g in adam.param_groups:
    g["lr"] = 5e-4
print("new lr:", adam.param_groups[0]["lr"])
