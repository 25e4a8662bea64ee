# torch.nn recurrent layers: RNN, LSTM, GRU (layers, batch_first, bidirectional, dropout between
# layers) and their cells, with PyTorch's parameter names, initialization order and gate math.
# Parameters are named per layer (weight_ih_l0, ...), so the modules list them themselves.
import math
import _ts
import torch
from typing import List, Tuple, Optional, Any
from torch.nn.module import Module, Parameter
import torch.nn.functional as F
import torch.nn.init as init


def _gates(mode: str) -> int:
    if mode == "LSTM":
        return 4
    if mode == "GRU":
        return 3
    return 1


def _cell(mode: str, x: torch.Tensor, h: torch.Tensor, c: torch.Tensor, w_ih: torch.Tensor, w_hh: torch.Tensor,
          b_ih: Optional[torch.Tensor], b_hh: Optional[torch.Tensor]) -> Tuple[torch.Tensor, torch.Tensor]:
    # One step; returns (h', c') (c' is c for RNN and GRU).
    gi = F.linear(x, w_ih, b_ih)
    gh = F.linear(h, w_hh, b_hh)
    if mode == "LSTM":
        gates = gh + gi
        i, f, g, o = gates.chunk(4, 1)
        c2 = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        return torch.sigmoid(o) * torch.tanh(c2), c2
    if mode == "GRU":
        i_r, i_z, i_n = gi.chunk(3, 1)
        h_r, h_z, h_n = gh.chunk(3, 1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return n + z * (h - n), c
    if mode == "RNN_RELU":
        return torch.relu(gi + gh), c
    return torch.tanh(gi + gh), c


def _run_layers(mode: str, x: torch.Tensor, hx: torch.Tensor, cx: torch.Tensor, weights: List[torch.Tensor],
                num_layers: int, bidirectional: bool, bias: bool, dropout: float, training: bool
                ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # The layers over x [T, B, I] from hx, cx [layers * directions, B, H] with the weights in
    # PyTorch's order (w_ih, w_hh[, b_ih, b_hh] per layer and direction); returns (output, h_n,
    # c_n). The modules below and aten::lstm of TorchScript archives (src/archive) use it.
    dirs = 2 if bidirectional else 1
    steps = x.size(0)
    per = 4 if bias else 2
    hs: List[torch.Tensor] = []
    cs: List[torch.Tensor] = []
    layer_in = x
    for layer in range(num_layers):
        outs: List[torch.Tensor] = []
        for d in range(dirs):
            k = (layer * dirs + d) * per
            w_ih = weights[k]
            w_hh = weights[k + 1]
            b_ih: Optional[torch.Tensor] = weights[k + 2] if bias else None
            b_hh: Optional[torch.Tensor] = weights[k + 3] if bias else None
            h = hx[layer * dirs + d]
            c = cx[layer * dirs + d]
            ys: List[torch.Tensor] = []
            for s in range(steps):
                t = steps - 1 - s if d == 1 else s
                h, c = _cell(mode, layer_in[t], h, c, w_ih, w_hh, b_ih, b_hh)
                ys.append(h)
            if d == 1:
                ys.reverse()
            outs.append(torch.stack(ys, 0))
            hs.append(h)
            cs.append(c)
        layer_in = outs[0] if dirs == 1 else torch.cat(outs, 2)
        if dropout > 0 and training and layer < num_layers - 1:
            layer_in = F.dropout(layer_in, dropout, True)
    out = layer_in
    h_n = torch.stack(hs, 0)
    c_n = torch.stack(cs, 0)
    return out, h_n, c_n


class _RNNBase(Module):
    def __init__(self, mode: str, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        if dropout < 0 or dropout > 1:
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an element "
                             "being zeroed")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = dropout
        self.bidirectional = bidirectional
        self._names: List[str] = []
        self._weights: List[torch.Tensor] = []
        dirs = 2 if bidirectional else 1
        g = _gates(mode) * hidden_size
        for layer in range(num_layers):
            for d in range(dirs):
                in_size = input_size if layer == 0 else hidden_size * dirs
                suffix = "_reverse" if d == 1 else ""
                self._add("weight_ih_l{}{}".format(layer, suffix), torch.empty(g, in_size, device=device, dtype=dtype))
                self._add("weight_hh_l{}{}".format(layer, suffix), torch.empty(g, hidden_size, device=device, dtype=dtype))
                if bias:
                    self._add("bias_ih_l{}{}".format(layer, suffix), torch.empty(g, device=device, dtype=dtype))
                    self._add("bias_hh_l{}{}".format(layer, suffix), torch.empty(g, device=device, dtype=dtype))
        self.reset_parameters()

    def __getattr__(self, name: str) -> torch.Tensor:
        # rnn.weight_ih_l0, rnn.bias_hh_l1_reverse, ...: the per-layer parameters by name.
        for i, n in enumerate(self._names):
            if n == name:
                return self._weights[i]
        raise AttributeError("'{}' object has no attribute '{}'".format(_ts.class_name(self), name))

    def _add(self, name: str, t: torch.Tensor) -> None:
        self._names.append(name)
        self._weights.append(Parameter(t))

    def _own_parameters(self) -> List[Tuple[str, torch.Tensor]]:
        return [(n, w) for n, w in zip(self._names, self._weights)]

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for w in self._weights:
            init.uniform_(w, -stdv, stdv)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if self.num_layers != 1:
            s += ", num_layers={}".format(self.num_layers)
        if not self.bias:
            s += ", bias=False"
        if self.batch_first:
            s += ", batch_first=True"
        if self.dropout != 0:
            s += ", dropout={}".format(self.dropout)
        if self.bidirectional:
            s += ", bidirectional=True"
        return s

    def _run(self, input: torch.Tensor, h0: Optional[torch.Tensor], c0: Optional[torch.Tensor]
             ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        # input [T, B, I] (or [B, T, I] with batch_first, or [T, I] unbatched); returns (output, h_n, c_n).
        batched = input.dim() == 3
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError("{}: Expected input to be 2D or 3D, got {}D instead".format(self.mode, input.dim()))
        # PyTorch's checks, in its order: hidden-state dimensions, input size, hidden-state shapes
        kind = "batched 3-D" if batched else "unbatched 2-D"
        want = 3 if batched else 2
        if h0 is not None and c0 is not None and (h0.dim() != want or c0.dim() != want):
            raise RuntimeError("For {} input, hx and cx should also be {}-D but got ({}-D, {}-D) tensors".format(
                kind, want, h0.dim(), c0.dim()))
        if h0 is not None and h0.dim() != want:
            raise RuntimeError("For {} input, hx should also be {}-D but got {}-D tensor".format(kind, want, h0.dim()))
        x = input
        if not batched:
            x = x.unsqueeze(1)
        elif self.batch_first:
            x = x.transpose(0, 1)
        if x.size(-1) != self.input_size:
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected {}, got {}".format(
                self.input_size, x.size(-1)))
        dirs = 2 if self.bidirectional else 1
        steps = x.size(0)
        nb = x.size(1)
        zeros = torch.zeros(self.num_layers * dirs, nb, self.hidden_size, dtype=x.dtype)
        expected = "({}, {}, {})".format(self.num_layers * dirs, nb, self.hidden_size)
        hx = zeros
        if h0 is not None:
            hx = h0 if batched else h0.unsqueeze(1)
            if list(hx.shape) != list(zeros.shape):
                raise RuntimeError("Expected hidden{} size {}, got {}".format(
                    "[0]" if self.mode == "LSTM" else "", expected, list(hx.shape)))
        cx = zeros
        if c0 is not None:
            cx = c0 if batched else c0.unsqueeze(1)
            if list(cx.shape) != list(zeros.shape):
                raise RuntimeError("Expected hidden[1] size {}, got {}".format(expected, list(cx.shape)))
        out, h_n, c_n = _run_layers(self.mode, x, hx, cx, self._weights, self.num_layers, self.bidirectional,
                                    self.bias, self.dropout, self.training)
        if not batched:
            return out.squeeze(1), h_n.squeeze(1), c_n.squeeze(1)
        if self.batch_first:
            out = out.transpose(0, 1)
        return out, h_n, c_n


class RNN(_RNNBase):
    # PyTorch 1.13's RNN takes nonlinearity by keyword only: its positional arguments are LSTM's
    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False, *,
                 nonlinearity: str = "tanh", device: Any = None, dtype: Optional[torch.dtype] = None):
        if nonlinearity != "tanh" and nonlinearity != "relu":
            raise ValueError("Unknown nonlinearity '{}'".format(nonlinearity))
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size, hidden_size, num_layers,
                         bias, batch_first, dropout, bidirectional, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input: torch.Tensor, hx: Optional[torch.Tensor] = None) -> Tuple[torch.Tensor, torch.Tensor]:
        out, h, _ = self._run(input, hx, None)
        return out, h


class LSTM(_RNNBase):
    # (PyTorch puts proj_size, absent here, before device and dtype: they are keyword-only here)
    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False, *,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional, device,
                         dtype)

    def forward(self, input: torch.Tensor, hx: Optional[Tuple[torch.Tensor, torch.Tensor]] = None
                ) -> Tuple[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]]:
        h0: Optional[torch.Tensor] = None
        c0: Optional[torch.Tensor] = None
        if hx is not None:
            h0, c0 = hx
        out, h, c = self._run(input, h0, c0)
        return out, (h, c)


class GRU(_RNNBase):
    def __init__(self, input_size: int, hidden_size: int, num_layers: int = 1, bias: bool = True,
                 batch_first: bool = False, dropout: float = 0.0, bidirectional: bool = False, *,
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__("GRU", input_size, hidden_size, num_layers, bias, batch_first, dropout, bidirectional, device,
                         dtype)

    def forward(self, input: torch.Tensor, hx: Optional[torch.Tensor] = None) -> Tuple[torch.Tensor, torch.Tensor]:
        out, h, _ = self._run(input, hx, None)
        return out, h


class _CellBase(Module):
    def __init__(self, mode: str, input_size: int, hidden_size: int, bias: bool, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        g = _gates(mode) * hidden_size
        self.weight_ih = Parameter(torch.empty(g, input_size, device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty(g, hidden_size, device=device, dtype=dtype))
        self.bias_ih: Optional[torch.Tensor] = None
        self.bias_hh: Optional[torch.Tensor] = None
        if bias:
            self.bias_ih = Parameter(torch.empty(g, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(g, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for w in self.parameters():
            init.uniform_(w, -stdv, stdv)

    def extra_repr(self) -> str:
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if not self.bias:
            s += ", bias=False"
        if self.mode == "RNN_RELU":
            s += ", nonlinearity=relu"
        return s

    def _step(self, input: torch.Tensor, h: Optional[torch.Tensor], c: Optional[torch.Tensor]
              ) -> Tuple[torch.Tensor, torch.Tensor]:
        if input.dim() != 1 and input.dim() != 2:
            raise ValueError("{}Cell: Expected input to be 1D or 2D, got {}D instead".format(
                self.mode.split("_")[0], input.dim()))
        batched = input.dim() == 2
        x = input if batched else input.unsqueeze(0)
        zeros = torch.zeros(x.size(0), self.hidden_size, dtype=x.dtype)
        hh = zeros if h is None else (h if batched else h.unsqueeze(0))
        cc = zeros if c is None else (c if batched else c.unsqueeze(0))
        if x.size(1) != self.input_size:
            raise RuntimeError("input has inconsistent input_size: got {} expected {}".format(x.size(1), self.input_size))
        for t in [hh, cc]:
            if t.size(0) != x.size(0):
                raise RuntimeError("Input batch size {} doesn't match hidden0 batch size {}".format(x.size(0), t.size(0)))
            if t.dim() > 1 and t.size(1) != self.hidden_size:
                raise RuntimeError("hidden0 has inconsistent hidden_size: got {}, expected {}".format(
                    t.size(1), self.hidden_size))
        h2, c2 = _cell(self.mode, x, hh, cc, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not batched:
            return h2.squeeze(0), c2.squeeze(0)
        return h2, c2


class RNNCell(_CellBase):
    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, nonlinearity: str = "tanh",
                 device: Any = None, dtype: Optional[torch.dtype] = None):
        if nonlinearity != "tanh" and nonlinearity != "relu":
            raise ValueError("Unknown nonlinearity: {}".format(nonlinearity))
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size, hidden_size, bias,
                         device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input: torch.Tensor, hx: Optional[torch.Tensor] = None) -> torch.Tensor:
        h, _ = self._step(input, hx, None)
        return h


class LSTMCell(_CellBase):
    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__("LSTM", input_size, hidden_size, bias, device, dtype)

    def forward(self, input: torch.Tensor, hx: Optional[Tuple[torch.Tensor, torch.Tensor]] = None
                ) -> Tuple[torch.Tensor, torch.Tensor]:
        h0: Optional[torch.Tensor] = None
        c0: Optional[torch.Tensor] = None
        if hx is not None:
            h0, c0 = hx
        return self._step(input, h0, c0)


class GRUCell(_CellBase):
    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device: Any = None, dtype: Optional[torch.dtype] = None):
        super().__init__("GRU", input_size, hidden_size, bias, device, dtype)

    def forward(self, input: torch.Tensor, hx: Optional[torch.Tensor] = None) -> torch.Tensor:
        h, _ = self._step(input, hx, None)
        return h
