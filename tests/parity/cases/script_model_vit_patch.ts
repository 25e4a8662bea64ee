import torch
import torch.nn as nn

torch.manual_seed(4)


class PatchEmbed(nn.Module):
    def __init__(self, img_size=16, patch_size=4, in_chans=3, embed_dim=12):
        super().__init__()
        self.num_patches = (img_size // patch_size) ** 2
        self.proj = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)

    def forward(self, x):
        x = self.proj(x)
        x = x.flatten(2).transpose(1, 2)
        return x


class TinyViT(nn.Module):
    def __init__(self, num_classes=5, embed_dim=12, depth=2, heads=3):
        super().__init__()
        self.patch_embed = PatchEmbed(embed_dim=embed_dim)
        n = self.patch_embed.num_patches
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, embed_dim))
        nn.init.trunc_normal_(self.pos_embed, std=0.02)
        nn.init.trunc_normal_(self.cls_token, std=0.02)
        layer = nn.TransformerEncoderLayer(embed_dim, heads, dim_feedforward=24, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=depth)
        self.norm = nn.LayerNorm(embed_dim)
        self.head = nn.Linear(embed_dim, num_classes)

    def forward(self, x):
        B = x.shape[0]
        x = self.patch_embed(x)
        cls = self.cls_token.expand(B, -1, -1)
        x = torch.cat((cls, x), dim=1)
        x = x + self.pos_embed
        x = self.encoder(x)
        x = self.norm(x)
        return self.head(x[:, 0])


model = TinyViT()
model.eval()
imgs = torch.randn(2, 3, 16, 16)
print("patches:", tuple(model.patch_embed(imgs).shape))
with torch.no_grad():
    logits = model(imgs)
print("logits:", tuple(logits.shape))
print([round(v, 4) for v in logits[0].tolist()])
print("pos_embed", tuple(model.pos_embed.shape), model.pos_embed.requires_grad)
print("params:", sum(p.numel() for p in model.parameters()))
print("layers:", len(model.encoder.layers))
