# The seeds' ratio_iou: straight-line tensor code (CSE shares w1 * h1 style subexpressions).
import torch


def ratio_iou(x1, y1, w1, h1, x2, y2, w2, h2):
    xi = torch.max(x1, x2)
    yi = torch.max(y1, y2)
    wi = torch.clamp(torch.min(x1 + w1, x2 + w2) - xi, min=0)
    hi = torch.clamp(torch.min(y1 + h1, y2 + h2) - yi, min=0)
    area_i = wi * hi
    area_u = w1 * h1 + w2 * h2 - wi * hi
    return area_i / torch.clamp(area_u, min=1e-5)


torch.manual_seed(0)
x1, y1, w1, h1, x2, y2, w2, h2 = torch.randn(8, 2, 3).exp()
print(ratio_iou(x1, y1, w1, h1, x2, y2, w2, h2))
# CHECK: def __torch__.ratio_iou
# CHECK: aten::max(%x1.1, %x2.1)
# CHECK: aten::clamp
# CHECK: %area_i.1 : Tensor = aten::mul(%wi.1, %hi.1)
# CHECK-NOT: aten::mul(%wi.1, %hi.1)
# CHECK: aten::div(%area_i.1
