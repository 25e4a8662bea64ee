# torch.distributions.constraints: PyTorch 1.13's Constraint objects that the distributions here
# use (their `check` and printed forms): real, real_vector (IndependentConstraint(Real(), 1)),
# positive, nonnegative, greater_than, greater_than_eq, less_than, interval, half_open_interval,
# unit_interval, integer_interval, nonnegative_integer, positive_integer, boolean, simplex,
# dependent and is_dependent. Not there: the matrix constraints (lower_cholesky, positive_definite,
# ...), cat, stack, one_hot, multinomial, and dependent_property as a decorator (Ts has no
# decorators on methods other than the built-in ones; a distribution's `support` is a property).
# Bounds are numbers or tensors (Any); they print as PyTorch's '{}'.format does: a 0-d tensor as its
# value, another tensor as str(tensor).
import torch
from typing import Any


def _fmt(v: Any) -> str:
    # '{}'.format(v): Tensor.__format__ prints a 0-d tensor as its item, others as str(tensor)
    if isinstance(v, torch.Tensor):
        if v.dim() == 0:
            return str(v.item())
        return str(v)
    return str(v)


class Constraint:
    # A region over which a variable is valid; check(value) is a bool tensor saying where value
    # satisfies it.
    def __init__(self):
        self.is_discrete = False
        self.event_dim = 0

    def check(self, value: Any) -> torch.Tensor:
        raise NotImplementedError

    def _name(self) -> str:
        return type(self).__name__[1:]

    def __repr__(self) -> str:
        return self._name() + "()"


class _Dependent(Constraint):
    # A placeholder for variables whose support depends on other variables; it cannot be checked.
    def __init__(self, is_discrete: Any = None, event_dim: Any = None):
        super().__init__()
        self._is_discrete: Any = is_discrete
        self._event_dim: Any = event_dim

    def check(self, value: Any) -> torch.Tensor:
        raise ValueError('Cannot determine validity of dependent constraint')


def is_dependent(constraint: Constraint) -> bool:
    return isinstance(constraint, _Dependent)


class _IndependentConstraint(Constraint):
    def __init__(self, base_constraint: Constraint, reinterpreted_batch_ndims: int):
        super().__init__()
        assert reinterpreted_batch_ndims >= 0
        self.base_constraint = base_constraint
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        self.is_discrete = base_constraint.is_discrete
        self.event_dim = base_constraint.event_dim + reinterpreted_batch_ndims

    def check(self, value: Any) -> torch.Tensor:
        result = self.base_constraint.check(value)
        if result.dim() < self.reinterpreted_batch_ndims:
            expected = self.base_constraint.event_dim + self.reinterpreted_batch_ndims
            raise ValueError(f"Expected value.dim() >= {expected} but got {value.dim()}")
        shape = list(result.shape[:result.dim() - self.reinterpreted_batch_ndims]) + [-1]
        result = result.reshape(shape)
        result = result.all(-1)
        return result

    def __repr__(self) -> str:
        return "{}({}, {})".format(self._name(), repr(self.base_constraint), self.reinterpreted_batch_ndims)


class _Boolean(Constraint):
    def __init__(self):
        super().__init__()
        self.is_discrete = True

    def check(self, value: Any) -> torch.Tensor:
        return (value == 0) | (value == 1)


class _IntegerInterval(Constraint):
    def __init__(self, lower_bound: Any, upper_bound: Any):
        super().__init__()
        self.is_discrete = True
        self.lower_bound: Any = lower_bound
        self.upper_bound: Any = upper_bound

    def check(self, value: Any) -> torch.Tensor:
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={}, upper_bound={})'.format(_fmt(self.lower_bound), _fmt(self.upper_bound))


class _IntegerGreaterThan(Constraint):
    def __init__(self, lower_bound: Any):
        super().__init__()
        self.is_discrete = True
        self.lower_bound: Any = lower_bound

    def check(self, value: Any) -> torch.Tensor:
        return (value % 1 == 0) & (value >= self.lower_bound)

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={})'.format(_fmt(self.lower_bound))


class _Real(Constraint):
    def check(self, value: Any) -> torch.Tensor:
        return value == value  # False for NANs.


class _GreaterThan(Constraint):
    def __init__(self, lower_bound: Any):
        super().__init__()
        self.lower_bound: Any = lower_bound

    def check(self, value: Any) -> torch.Tensor:
        return self.lower_bound < value

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={})'.format(_fmt(self.lower_bound))


class _GreaterThanEq(Constraint):
    def __init__(self, lower_bound: Any):
        super().__init__()
        self.lower_bound: Any = lower_bound

    def check(self, value: Any) -> torch.Tensor:
        return self.lower_bound <= value

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={})'.format(_fmt(self.lower_bound))


class _LessThan(Constraint):
    def __init__(self, upper_bound: Any):
        super().__init__()
        self.upper_bound: Any = upper_bound

    def check(self, value: Any) -> torch.Tensor:
        return value < self.upper_bound

    def __repr__(self) -> str:
        return self._name() + '(upper_bound={})'.format(_fmt(self.upper_bound))


class _Interval(Constraint):
    def __init__(self, lower_bound: Any, upper_bound: Any):
        super().__init__()
        self.lower_bound: Any = lower_bound
        self.upper_bound: Any = upper_bound

    def check(self, value: Any) -> torch.Tensor:
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={}, upper_bound={})'.format(_fmt(self.lower_bound), _fmt(self.upper_bound))


class _HalfOpenInterval(Constraint):
    def __init__(self, lower_bound: Any, upper_bound: Any):
        super().__init__()
        self.lower_bound: Any = lower_bound
        self.upper_bound: Any = upper_bound

    def check(self, value: Any) -> torch.Tensor:
        return (self.lower_bound <= value) & (value < self.upper_bound)

    def __repr__(self) -> str:
        return self._name() + '(lower_bound={}, upper_bound={})'.format(_fmt(self.lower_bound), _fmt(self.upper_bound))


class _Simplex(Constraint):
    def __init__(self):
        super().__init__()
        self.event_dim = 1

    def check(self, value: Any) -> torch.Tensor:
        return torch.all(value >= 0, dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


def integer_interval(lower_bound: Any, upper_bound: Any) -> _IntegerInterval:
    return _IntegerInterval(lower_bound, upper_bound)


def interval(lower_bound: Any, upper_bound: Any) -> _Interval:
    return _Interval(lower_bound, upper_bound)


def half_open_interval(lower_bound: Any, upper_bound: Any) -> _HalfOpenInterval:
    return _HalfOpenInterval(lower_bound, upper_bound)


def greater_than(lower_bound: Any) -> _GreaterThan:
    return _GreaterThan(lower_bound)


def greater_than_eq(lower_bound: Any) -> _GreaterThanEq:
    return _GreaterThanEq(lower_bound)


def less_than(upper_bound: Any) -> _LessThan:
    return _LessThan(upper_bound)


def independent(base_constraint: Constraint, reinterpreted_batch_ndims: int) -> _IndependentConstraint:
    return _IndependentConstraint(base_constraint, reinterpreted_batch_ndims)


dependent = _Dependent()
boolean = _Boolean()
nonnegative_integer = _IntegerGreaterThan(0)
positive_integer = _IntegerGreaterThan(1)
real = _Real()
real_vector = _IndependentConstraint(real, 1)
positive = _GreaterThan(0.)
nonnegative = _GreaterThanEq(0.)
unit_interval = _Interval(0., 1.)
simplex = _Simplex()
