# torch.nn.MultiheadAttention, TransformerEncoderLayer and TransformerEncoder with PyTorch 1.13's
# parameter layout, initialization order and the math of multi_head_attention_forward (the
# reference path, taken by PyTorch in training mode and for batch_first=False).
import math
import torch
import _ts
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
from torch.nn.containers import ModuleList
from torch.nn.normalization import LayerNorm
from torch.nn.linear import Linear
from torch.nn.dropout import Dropout
import torch.nn.functional as F
import torch.nn.init as init


class NonDynamicallyQuantizableLinear(Linear):
    pass


class MultiheadAttention(Module):
    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0., bias: bool = True,
                 add_bias_kv: bool = False, add_zero_attn: bool = False, kdim: Optional[int] = None,
                 vdim: Optional[int] = None, batch_first: bool = False, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        # one packed [3E, E] projection, or separate ones when key/value have their own sizes
        # (typed Any so scripts can use m.in_proj_weight.grad without a None check, as in Python)
        self.in_proj_weight: Any = None
        self.q_proj_weight: Any = None
        self.k_proj_weight: Any = None
        self.v_proj_weight: Any = None
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(torch.empty(3 * embed_dim, embed_dim, device=device, dtype=dtype))
        else:
            self.q_proj_weight = Parameter(torch.empty(embed_dim, embed_dim, device=device, dtype=dtype))
            self.k_proj_weight = Parameter(torch.empty(embed_dim, self.kdim, device=device, dtype=dtype))
            self.v_proj_weight = Parameter(torch.empty(embed_dim, self.vdim, device=device, dtype=dtype))
        self.in_proj_bias: Optional[torch.Tensor] = None
        if bias:
            self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, device=device, dtype=dtype))
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, device=device, dtype=dtype)
        self.bias_k: Optional[torch.Tensor] = None
        self.bias_v: Optional[torch.Tensor] = None
        if add_bias_kv:
            self.bias_k = Parameter(torch.empty(1, 1, embed_dim, device=device, dtype=dtype))
            self.bias_v = Parameter(torch.empty(1, 1, embed_dim, device=device, dtype=dtype))
        self.add_zero_attn = add_zero_attn
        for pw in [self.in_proj_weight, self.q_proj_weight, self.k_proj_weight, self.v_proj_weight]:
            if pw is not None:
                init.xavier_uniform_(pw)
        ib = self.in_proj_bias
        if ib is not None:
            init.constant_(ib, 0.)
            ob = self.out_proj.bias
            if ob is not None:
                init.constant_(ob, 0.)
        for bkv in [self.bias_k, self.bias_v]:
            if bkv is not None:
                init.xavier_normal_(bkv)

    def forward(self, query: torch.Tensor, key: torch.Tensor, value: torch.Tensor,
                key_padding_mask: Optional[torch.Tensor] = None, need_weights: bool = True,
                attn_mask: Optional[torch.Tensor] = None, average_attn_weights: bool = True
                ) -> Tuple[torch.Tensor, Optional[torch.Tensor]]:
        batched = query.dim() == 3
        q_in, k_in, v_in = query, key, value
        if not batched:
            q_in, k_in, v_in = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        elif self.batch_first:
            q_in, k_in, v_in = query.transpose(0, 1), key.transpose(0, 1), value.transpose(0, 1)
        tgt_len, bsz, e = q_in.size(0), q_in.size(1), q_in.size(2)
        h = self.num_heads
        hd = self.head_dim
        w = self.in_proj_weight
        b = self.in_proj_bias
        b_q: Optional[torch.Tensor] = None
        b_k: Optional[torch.Tensor] = None
        b_v: Optional[torch.Tensor] = None
        if b is not None:
            b_q, b_k, b_v = b.chunk(3)
        wq, wk, wv = self.q_proj_weight, self.k_proj_weight, self.v_proj_weight
        if w is None and wq is not None and wk is not None and wv is not None:
            q, k, v = F.linear(q_in, wq, b_q), F.linear(k_in, wk, b_k), F.linear(v_in, wv, b_v)
        elif w is not None and query is key and key is value:
            q, k, v = F.linear(q_in, w, b).chunk(3, -1)
        else:
            assert w is not None
            w_q, w_k, w_v = w.chunk(3)
            q, k, v = F.linear(q_in, w_q, b_q), F.linear(k_in, w_k, b_k), F.linear(v_in, w_v, b_v)
        am: Optional[torch.Tensor] = attn_mask
        kp: Optional[torch.Tensor] = key_padding_mask
        # add_bias_kv appends one learned key/value position and add_zero_attn one zero position;
        # the masks grow by one unmasked column for each
        n_extra = 0
        bk, bv = self.bias_k, self.bias_v
        if bk is not None and bv is not None:
            k = torch.cat([k, bk.repeat(1, bsz, 1)])
            v = torch.cat([v, bv.repeat(1, bsz, 1)])
            n_extra += 1
        q = q.contiguous().view(tgt_len, bsz * h, hd).transpose(0, 1)
        k = k.contiguous().view(k.size(0), bsz * h, hd).transpose(0, 1)
        v = v.contiguous().view(v.size(0), bsz * h, hd).transpose(0, 1)
        if self.add_zero_attn:
            k = torch.cat([k, torch.zeros(bsz * h, 1, hd, dtype=k.dtype)], 1)
            v = torch.cat([v, torch.zeros(bsz * h, 1, hd, dtype=v.dtype)], 1)
            n_extra += 1
        if n_extra > 0 and am is not None:
            am = torch.cat([am, torch.zeros(list(am.shape[:-1]) + [n_extra], dtype=am.dtype)], -1)
        if n_extra > 0 and kp is not None:
            kp = torch.cat([kp, torch.zeros(list(kp.shape[:-1]) + [n_extra], dtype=kp.dtype)], -1)
        mask: Optional[torch.Tensor] = None
        if am is not None:
            mask = am.unsqueeze(0) if am.dim() == 2 else am
        src_len = k.size(1)
        if kp is not None:
            kpm = kp.view(bsz, 1, 1, src_len).expand(-1, h, -1, -1).reshape(bsz * h, 1, src_len)
            if mask is None:
                mask = kpm
            elif mask.dtype == torch.bool:
                mask = mask.logical_or(kpm)
            else:
                mask = mask.masked_fill(kpm, float("-inf"))
        if mask is not None and mask.dtype == torch.bool:
            m2 = torch.zeros_like(mask, dtype=q.dtype)
            m2.masked_fill_(mask, float("-inf"))
            mask = m2
        dropout_p = self.dropout if self.training else 0.0
        q_scaled = q / math.sqrt(hd)
        if mask is not None:
            weights = torch.baddbmm(mask, q_scaled, k.transpose(-2, -1))
        else:
            weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        weights = F.softmax(weights, -1)
        if dropout_p > 0.0:
            weights = F.dropout(weights, dropout_p)
        out = torch.bmm(weights, v)
        out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, e)
        out = F.linear(out, self.out_proj.weight, self.out_proj.bias)
        out = out.view(tgt_len, bsz, out.size(1))
        if self.batch_first and batched:
            out = out.transpose(0, 1)
        if not batched:
            out = out.squeeze(1)
        ret_w: Optional[torch.Tensor] = None
        if need_weights:
            ws = weights.view(bsz, h, tgt_len, src_len)
            if average_attn_weights:
                ws = ws.sum(1) / h
            if not batched:
                ws = ws.squeeze(0)
            ret_w = ws
        return out, ret_w


class TransformerEncoderLayer(Module):
    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation: str = "relu", layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        if activation != "relu" and activation != "gelu":
            raise RuntimeError("activation should be relu/gelu, not {}".format(activation))
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, device=device, dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, device=device, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, device=device, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, device=device, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, device=device, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.activation = activation

    def _sa_block(self, x: torch.Tensor, attn_mask: Optional[torch.Tensor],
                  key_padding_mask: Optional[torch.Tensor]) -> torch.Tensor:
        y, _ = self.self_attn(x, x, x, key_padding_mask=key_padding_mask, need_weights=False, attn_mask=attn_mask)
        return self.dropout1(y)

    def _ff_block(self, x: torch.Tensor) -> torch.Tensor:
        a = self.linear1(x)
        a = F.relu(a) if self.activation == "relu" else F.gelu(a)
        return self.dropout2(self.linear2(self.dropout(a)))

    def forward(self, src: torch.Tensor, src_mask: Optional[torch.Tensor] = None,
                src_key_padding_mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff_block(x))
        return x


class TransformerEncoder(Module):
    def __init__(self, encoder_layer: TransformerEncoderLayer, num_layers: int, norm: Optional[Module] = None):
        super().__init__()
        self._stack: List[TransformerEncoderLayer] = [_ts.deepcopy(encoder_layer) for i in range(num_layers)]
        mods: List[Module] = []
        for m in self._stack:
            mods.append(m)
        self.layers = ModuleList(mods)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src: torch.Tensor, mask: Optional[torch.Tensor] = None,
                src_key_padding_mask: Optional[torch.Tensor] = None) -> torch.Tensor:
        x = src
        for layer in self._stack:
            x = layer(x, mask, src_key_padding_mask)
        n = self.norm
        if n is not None:
            x = n(x)
        return x
