# torch.nn.utils.rnn: pad_sequence, as PyTorch 1.13's C++ pad_sequence builds it (one tensor of
# the first sequence's dtype filled with padding_value, each sequence copied in). Packed
# sequences (pack_padded_sequence, pad_packed_sequence, pack_sequence, PackedSequence) are not
# here: the RNN modules take padded input only.
import torch
from typing import List


def pad_sequence(sequences: List[torch.Tensor], batch_first: bool = False, padding_value: float = 0.0) -> torch.Tensor:
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    max_len = 0
    for s in sequences:
        max_len = max(max_len, s.size(0))
    trailing: List[int] = list(sequences[0].shape[1:])
    dims = ([len(sequences), max_len] if batch_first else [max_len, len(sequences)]) + trailing
    out = torch.full(dims, padding_value, dtype=sequences[0].dtype, device=sequences[0].device)
    for i in range(len(sequences)):
        t = sequences[i]
        n = t.size(0)
        if batch_first:
            out[i, :n] = t
        else:
            out[:n, i] = t
    return out
