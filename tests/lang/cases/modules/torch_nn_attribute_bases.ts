# Two classes whose base torch.nn.Module is first reached through the attribute torch.nn (the
# stdlib import happens while classes are being checked).
import torch
class A(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(1, 10)
class B(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(1, 10)
print(A(), B())
