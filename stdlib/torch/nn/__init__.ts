# torch.nn: modules. The pieces live in module.ts (Module, Parameter), linear.ts, flatten.ts, vision.ts,
# rnn.ts, transformer.ts, containers.ts, loss.ts, embedding.ts, conv.ts, pooling.ts, padding.ts,
# dropout.ts, distance.ts, normalization.ts and activation.ts; this file gathers them under `nn`.
import math
import torch
import _ts
from typing import List, Tuple, Dict, Optional, Any
import torch.nn.functional as functional
import torch.nn.init as init
from torch.nn.module import Module, Parameter, _zero_grad, _addindent, _IncompatibleKeys
from torch.nn.linear import (Identity, Linear, Bilinear)
from torch.nn.flatten import (Flatten, Unflatten)
from torch.nn.vision import (InstanceNorm1d, InstanceNorm2d, PixelShuffle, PixelUnshuffle, Upsample,
    UpsamplingNearest2d, UpsamplingBilinear2d)
from torch.nn.rnn import RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell
from torch.nn.containers import (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict)
from torch.nn.loss import (_Loss, _WeightedLoss, MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss,
    BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, SoftMarginLoss, MultiLabelSoftMarginLoss,
    HingeEmbeddingLoss, MarginRankingLoss, CosineEmbeddingLoss, PoissonNLLLoss, GaussianNLLLoss, MultiMarginLoss,
    MultiLabelMarginLoss, TripletMarginLoss, CTCLoss)
from torch.nn.transformer import MultiheadAttention, TransformerEncoderLayer, TransformerEncoder
from torch.nn.embedding import (Embedding, EmbeddingBag)
from torch.nn.conv import (Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d, Fold, Unfold)
from torch.nn.pooling import (MaxPool1d, MaxPool2d, MaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d,
    AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d,
    MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, LPPool1d, LPPool2d)
from torch.nn.padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad2d, ReflectionPad1d, ReflectionPad2d,
    ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d)
from torch.nn.dropout import (Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout)
from torch.nn.distance import (CosineSimilarity, PairwiseDistance)
from torch.nn.normalization import (BatchNorm1d, BatchNorm2d, BatchNorm3d, LayerNorm, GroupNorm,
    LocalResponseNorm)
from torch.nn.activation import (ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, LeakyReLU, GELU, ELU, SiLU,
    ReLU6, Softplus, Hardtanh, Hardsigmoid, Hardswish, Mish, SELU, CELU, Softsign, Tanhshrink, LogSigmoid, Softmin,
    Threshold, PReLU, GLU, Softshrink, Hardshrink, Softmax2d, RReLU)
