# torchvision.models._utils (torchvision 0.14): _make_divisible, and what the builders share for
# their `weights` / `pretrained` arguments. tsrun cannot download weights, so a builder asked for
# them (weights=<anything but None/False>, pretrained=True) raises a ValueError naming the
# argument; `pretrained=False` builds the model as `weights=None` does, after torchvision's
# deprecation warnings on stderr (once each, as Python's warnings filter shows them).
import sys
from typing import Any, Dict, Optional


def _make_divisible(v: float, divisor: int, min_value: Optional[int] = None) -> int:
    # The channel count nearest v that is a multiple of divisor, not below min_value (divisor by
    # default) nor more than 10% below v (the rule of TensorFlow's MobileNet).
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


_warned: Dict[str, bool] = {}


def _warn_once(msg: str) -> None:
    if msg not in _warned:
        _warned[msg] = True
        sys.stderr.write("UserWarning: " + msg + "\n")


def _no_weights(builder: str, weights: Any, pretrained: Optional[bool]) -> None:
    # torchvision's handle_legacy_interface and Weights.verify, less the download: only "no
    # weights" passes. weights=True / False are the legacy positional `pretrained`.
    legacy_weights = isinstance(weights, bool)
    if pretrained is None and not legacy_weights:
        if weights is not None:
            raise ValueError("{}: pretrained weights cannot be downloaded in tsrun (weights={}); build the model "
                             "with weights=None and load a saved state_dict with model.load_state_dict(torch.load(path))"
                             .format(builder, repr(weights)))
        return
    wants = bool(weights) if legacy_weights else bool(pretrained)
    if wants:
        arg = "weights=True" if legacy_weights else "pretrained=True"
        raise ValueError("{}: pretrained weights cannot be downloaded in tsrun ({}); build the model with "
                         "weights=None and load a saved state_dict with model.load_state_dict(torch.load(path))"
                         .format(builder, arg))
    if not legacy_weights:
        _warn_once("The parameter 'pretrained' is deprecated since 0.13 and may be removed in the future, "
                   "please use 'weights' instead.")
    _warn_once("Arguments other than a weight enum or `None` for 'weights' are deprecated since 0.13 and may be "
               "removed in the future. The current behavior is equivalent to passing `weights=None`.")
