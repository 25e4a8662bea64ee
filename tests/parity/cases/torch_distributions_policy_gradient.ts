# A REINFORCE-like loop: a policy network gives logits, actions are drawn one at a time with
# Categorical(logits=...).sample(), the loss is -log_prob * return minus an entropy bonus; plus a
# Bernoulli policy. After torch.manual_seed the actions and losses are PyTorch's.
import torch
import torch.nn as nn
import torch.distributions as D

torch.manual_seed(0)
policy = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
opt = torch.optim.SGD(policy.parameters(), lr=0.05)
for episode in range(4):
    obs = torch.randn(4)
    log_probs = []
    entropies = []
    rewards = []
    actions = []
    for t in range(6):
        dist = D.Categorical(logits=policy(obs))
        a = dist.sample()
        actions.append(a.item())
        log_probs.append(dist.log_prob(a))
        entropies.append(dist.entropy())
        rewards.append(1.0 if a.item() == 2 else -0.5)
        obs = obs * 0.9 + 0.1 * torch.randn(4)
    ret = 0.0
    returns = []
    for r in reversed(rewards):
        ret = r + 0.99 * ret
        returns.insert(0, ret)
    loss = -(torch.stack(log_probs) * torch.tensor(returns)).sum() - 0.01 * torch.stack(entropies).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(episode, actions, round(loss.item(), 5))
print(dist)
# a batch of states at once
states = torch.randn(5, 4)
bd = D.Categorical(logits=policy(states))
acts = bd.sample()
print(acts, bd.log_prob(acts), bd.entropy())
# a Bernoulli policy
w = torch.zeros(4, requires_grad=True)
for k in range(3):
    x = torch.randn(8, 4)
    pd = D.Bernoulli(logits=x @ w)
    act = pd.sample()
    reward = (act == (x[:, 0] > 0).float()).float()
    loss = -(pd.log_prob(act) * reward).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        w.grad.zero_()
    print(k, act, round(loss.item(), 5))
print(w)
