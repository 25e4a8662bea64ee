import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(5)


class DepthwiseSeparableConv(nn.Module):
    def __init__(self, in_ch, out_ch, stride=1):
        super().__init__()
        self.depthwise = nn.Conv2d(in_ch, in_ch, 3, stride=stride, padding=1, groups=in_ch, bias=False)
        self.bn1 = nn.BatchNorm2d(in_ch)
        self.pointwise = nn.Conv2d(in_ch, out_ch, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_ch)

    def forward(self, x):
        x = F.relu6(self.bn1(self.depthwise(x)))
        return F.relu6(self.bn2(self.pointwise(x)))


class MobileNetTiny(nn.Module):
    def __init__(self, num_classes=4):
        super().__init__()
        cfg = [(8, 1), (16, 2), (16, 1), (32, 2)]
        layers = [nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True)]
        in_ch = 8
        for out_ch, s in cfg:
            layers.append(DepthwiseSeparableConv(in_ch, out_ch, s))
            in_ch = out_ch
        self.features = nn.Sequential(*layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(in_ch, num_classes)

    def forward(self, x):
        x = self.features(x)
        x = self.pool(x).view(x.size(0), -1)
        return self.classifier(x)


m = MobileNetTiny()
x = torch.randn(2, 3, 16, 16)
y = m(x)
print(y.shape)
dw = m.features[2].depthwise
print("depthwise weight", tuple(dw.weight.shape), "groups", dw.groups)
print("pointwise weight", tuple(m.features[2].pointwise.weight.shape))
std_params = 8 * 16 * 3 * 3
sep_params = sum(p.numel() for p in m.features[3].parameters() if p.dim() == 4)
print(f"standard conv: {std_params}, separable: {sep_params}")
print("running_mean before:", m.features[2].bn1.running_mean[:3])
m.eval()
with torch.no_grad():
    y_eval = m(x)
print([f"{v:.4f}" for v in y_eval[0].tolist()])
print("num_batches_tracked:", int(m.features[2].bn1.num_batches_tracked))
# functional depthwise conv
w = torch.ones(4, 1, 3, 3) / 9.0
img = torch.arange(4 * 5 * 5, dtype=torch.float32).view(1, 4, 5, 5)
blur = F.conv2d(img, w, padding=1, groups=4)
print(blur[0, 1, 1:4, 1:4])
