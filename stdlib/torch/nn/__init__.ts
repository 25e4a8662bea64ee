# torch.nn: modules. The pieces live in module.ts (Module, Parameter), layers.ts, vision.ts, rnn.ts,
# transformer.ts, containers.ts and loss.ts; this file gathers them under `nn`.
import math
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any
import torch.nn.functional as functional
import torch.nn.init as init
from torch.nn.module import Module, Parameter, _zero_grad, _addindent, _IncompatibleKeys
from torch.nn.layers import (Identity, Flatten, Unflatten, Conv1d, Conv2d,
    Bilinear, MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d,
    AdaptiveMaxPool2d, BatchNorm1d, BatchNorm2d, LayerNorm, GroupNorm, Dropout2d, LeakyReLU, GELU,
    ELU, SiLU, ReLU6, Softplus, Hardtanh, Hardsigmoid, Hardswish, Mish, SELU, CELU, Softsign, Tanhshrink,
    LogSigmoid, Softmin, Threshold, PReLU, GLU, Softshrink, Hardshrink, Softmax2d, Linear, ReLU, Sigmoid,
    Tanh, Softmax, LogSoftmax, Dropout)
from torch.nn.vision import (InstanceNorm1d, InstanceNorm2d, PixelShuffle, PixelUnshuffle, Upsample,
    UpsamplingNearest2d, UpsamplingBilinear2d)
from torch.nn.rnn import RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell
from torch.nn.containers import (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict)
from torch.nn.loss import (_Loss, _WeightedLoss, MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss,
    BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, SoftMarginLoss, MultiLabelSoftMarginLoss,
    HingeEmbeddingLoss, MarginRankingLoss, CosineEmbeddingLoss, PoissonNLLLoss, GaussianNLLLoss, MultiMarginLoss,
    MultiLabelMarginLoss, TripletMarginLoss, CTCLoss)
from torch.nn.transformer import MultiheadAttention, TransformerEncoderLayer, TransformerEncoder
from torch.nn.pooling import (EmbeddingBag, Conv3d, MaxPool3d, AvgPool3d, MaxUnpool1d, MaxUnpool2d, Fold, Unfold,
    CosineSimilarity, PairwiseDistance, ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad2d, ReflectionPad1d,
    ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d, Dropout1d, Dropout3d,
    AlphaDropout, FeatureAlphaDropout, LocalResponseNorm, LPPool1d, LPPool2d, RReLU, MaxUnpool3d)
from torch.nn.pooling import BatchNorm3d
from torch.nn.pooling import (Embedding, AdaptiveMaxPool1d, AdaptiveAvgPool3d, AdaptiveMaxPool3d,
    ConvTranspose1d, ConvTranspose2d, ConvTranspose3d)
