# torch.nn: modules. The pieces live in module.ts (Module, Parameter), layers.ts, vision.ts, rnn.ts,
# transformer.ts, containers.ts and loss.ts; this file gathers them under `nn`.
import math
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any
import torch.nn.functional as functional
import torch.nn.init as init
from torch.nn.module import Module, Parameter, _zero_grad, _addindent, _IncompatibleKeys
from torch.nn.layers import (Identity, Flatten, Unflatten, Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d,
    Bilinear, MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d,
    AdaptiveMaxPool2d, BatchNorm1d, BatchNorm2d, LayerNorm, GroupNorm, Embedding, Dropout2d, LeakyReLU, GELU,
    ELU, SiLU, ReLU6, Softplus, Hardtanh, Hardsigmoid, Hardswish, Mish, SELU, CELU, Softsign, Tanhshrink,
    LogSigmoid, Softmin, Threshold, PReLU, GLU, Softshrink, Hardshrink, Softmax2d, Linear, ReLU, Sigmoid,
    Tanh, Softmax, LogSoftmax, Dropout)
from torch.nn.vision import InstanceNorm1d, InstanceNorm2d, PixelShuffle, PixelUnshuffle, Upsample
from torch.nn.rnn import RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell
from torch.nn.containers import (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict)
from torch.nn.loss import (_Loss, _WeightedLoss, MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss,
    BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, SoftMarginLoss, MultiLabelSoftMarginLoss,
    HingeEmbeddingLoss, MarginRankingLoss, CosineEmbeddingLoss, PoissonNLLLoss, GaussianNLLLoss)
from torch.nn.transformer import MultiheadAttention, TransformerEncoderLayer, TransformerEncoder
