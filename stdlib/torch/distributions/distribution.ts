# torch.distributions.Distribution: PyTorch 1.13's base class: batch_shape, event_shape,
# arg_constraints, support, mean / mode / variance / stddev, sample (rsample under no_grad),
# rsample, log_prob, cdf, icdf, entropy, perplexity, enumerate_support, _extended_shape, the
# argument checks of __init__ and _validate_sample with PyTorch's ValueError messages, and the
# printed form (`Normal(loc: 0.0, scale: 1.0)`, a parameter of more than one element by its size).
# Distribution.set_default_validate_args sets a module-level default (PyTorch sets a class
# attribute, which Ts classes cannot assign). A subclass names its parameters in arg_constraints
# (a property, as Ts has no mutable class attributes) and gives their values through _get_param
# (None for a lazily computed one not computed yet: PyTorch's `name in self.__dict__`).
# Not there: expand, _get_checked_instance, sample_n (deprecated), the UserWarning on stderr for a
# class without arg_constraints / support (its check is skipped, as PyTorch skips it).
import torch
from typing import Any, Dict, List, Optional
from torch.distributions.constraints import Constraint, is_dependent, _fmt

_default_validate_args = [True]


def _get_default_validate_args() -> bool:
    return _default_validate_args[0]


class Distribution:
    # Distribution is the abstract base class for probability distributions.
    has_rsample = False
    has_enumerate_support = False

    @staticmethod
    def set_default_validate_args(value: Any) -> None:
        if value is not True and value is not False:
            raise ValueError
        _default_validate_args[0] = bool(value)

    def __init__(self, batch_shape: Any = torch.Size(), event_shape: Any = torch.Size(),
                 validate_args: Optional[bool] = None):
        self._batch_shape: Any = batch_shape
        self._event_shape: Any = event_shape
        self._validate_args: bool = _get_default_validate_args()
        if validate_args is not None:
            self._validate_args = bool(validate_args)
        if self._validate_args:
            arg_constraints: Dict[str, Constraint] = {}
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                # PyTorch also warns on stderr that the class does not define `arg_constraints`
                arg_constraints = {}
            for param, constraint in arg_constraints.items():
                if is_dependent(constraint):
                    continue  # skip constraints that cannot be checked
                value = self._get_param(param)
                if value is None:
                    continue  # skip checking lazily-constructed args
                valid = constraint.check(value)
                if not bool(valid.all()):
                    raise ValueError(
                        f"Expected parameter {param} "
                        f"({type(value).__name__} of shape {tuple(value.shape)}) "
                        f"of distribution {repr(self)} "
                        f"to satisfy the constraint {repr(constraint)}, "
                        f"but found invalid values:\n{_fmt(value)}"
                    )

    def _get_param(self, name: str) -> Optional[torch.Tensor]:
        # the parameter `name` if it is set (PyTorch: self.__dict__[name])
        return None

    @property
    def batch_shape(self) -> Any:
        # the shape over which parameters are batched
        return self._batch_shape

    @property
    def event_shape(self) -> Any:
        # the shape of a single sample (without batching)
        return self._event_shape

    @property
    def arg_constraints(self) -> Dict[str, Constraint]:
        raise NotImplementedError

    @property
    def support(self) -> Constraint:
        raise NotImplementedError

    @property
    def mean(self) -> torch.Tensor:
        raise NotImplementedError

    @property
    def mode(self) -> torch.Tensor:
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self) -> torch.Tensor:
        raise NotImplementedError

    @property
    def stddev(self) -> torch.Tensor:
        return self.variance.sqrt()

    def sample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape: Any = torch.Size()) -> torch.Tensor:
        raise NotImplementedError

    def log_prob(self, value: Any) -> torch.Tensor:
        raise NotImplementedError

    def cdf(self, value: Any) -> torch.Tensor:
        raise NotImplementedError

    def icdf(self, value: Any) -> torch.Tensor:
        raise NotImplementedError

    def enumerate_support(self, expand: bool = True) -> torch.Tensor:
        raise NotImplementedError

    def entropy(self) -> torch.Tensor:
        raise NotImplementedError

    def perplexity(self) -> torch.Tensor:
        return torch.exp(self.entropy())

    def _extended_shape(self, sample_shape: Any = torch.Size()) -> Any:
        # sample_shape + batch_shape + event_shape
        return torch.Size(sample_shape) + self._batch_shape + self._event_shape

    def _validate_sample(self, value: Any) -> None:
        if not isinstance(value, torch.Tensor):
            raise ValueError('The value argument to log_prob must be a Tensor')
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError('The right-most size of value must match event_shape: {} vs {}.'.
                             format(value.size(), self._event_shape))
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        a = list(actual_shape)
        e = list(expected_shape)
        for k in range(min(len(a), len(e))):
            i = a[len(a) - 1 - k]
            j = e[len(e) - 1 - k]
            if i != 1 and j != 1 and i != j:
                raise ValueError('Value is not broadcastable with batch_shape+event_shape: {} vs {}.'.
                                 format(actual_shape, expected_shape))
        support = self.support
        valid = support.check(value)
        if not bool(valid.all()):
            raise ValueError(
                "Expected value argument "
                f"({type(value).__name__} of shape {tuple(value.shape)}) "
                f"to be within the support ({repr(support)}) "
                f"of the distribution {repr(self)}, "
                f"but found invalid values:\n{_fmt(value)}"
            )

    def __repr__(self) -> str:
        parts: List[str] = []
        for p in self.arg_constraints.keys():
            v = self._get_param(p)
            if v is not None:
                parts.append('{}: {}'.format(p, _fmt(v) if v.numel() == 1 else str(v.size())))
        return self.__class__.__name__ + '(' + ', '.join(parts) + ')'
