"""The vocabulary samples.py is written in: tensor specs, value generators and calls.

Nothing here imports torch: samples are plain declarations, and tools/gen_op_golden turns them
into tensors, runs PyTorch, and writes the golden files (format: tests/ops/README.md).
"""

NAN = float("nan")
INF = float("inf")

FLOAT_DTYPES = ("float32", "float64", "float16", "bfloat16")
INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
ALL_DTYPES = ("bool",) + INT_DTYPES + FLOAT_DTYPES


class DT:
    """A torch.dtype argument, e.g. DT("float64") for dtype=torch.float64."""

    def __init__(self, name):
        assert name in ALL_DTYPES, name
        self.name = name


f16, bf16, f32, f64 = DT("float16"), DT("bfloat16"), DT("float32"), DT("float64")
u8, i8, i16, i32, i64, b8 = DT("uint8"), DT("int8"), DT("int16"), DT("int32"), DT("int64"), DT("bool")


# ---- value generators: fill the base storage of a tensor spec ----

class U:
    """Seeded uniform values in [lo, hi) (integers: randint(lo, hi))."""

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi


class N:
    """Seeded normal values."""

    def __init__(self, mean=0.0, std=1.0):
        self.mean, self.std = mean, std


class Ar:
    """start, start + step, ... over the base storage in memory order."""

    def __init__(self, start=0, step=1):
        self.start, self.step = start, step


class V:
    """Explicit values, repeated to fill the storage (special values: NAN, INF, -0.0)."""

    def __init__(self, *values):
        self.values = list(values)


class B:
    """Seeded booleans, true with probability p (bool tensors; 0/1 for other dtypes)."""

    def __init__(self, p=0.5):
        self.p = p


def default_gen(dtype):
    if dtype == "bool":
        return B()
    if dtype == "uint8":
        return U(0, 20)
    if dtype in INT_DTYPES:
        return U(-9, 10)
    return U(-2.0, 2.0)


LAYOUTS = ("contiguous", "transposed", "strided", "expanded", "offset")


class T:
    """A tensor argument: T(2, 3) is a contiguous float32 2x3 tensor; T() is 0-dim.

    layout: contiguous; transposed (all dims reversed over a contiguous base, >= 2 dims);
    strided (every other element of the last dim, starting at storage offset 1);
    expanded (dim 0 expanded from size 1: stride 0); offset (rows 1.. of a base with one more
    row: contiguous with a storage offset).
    """

    def __init__(self, *shape, dtype="float32", gen=None, layout="contiguous"):
        if isinstance(dtype, DT):
            dtype = dtype.name
        assert dtype in ALL_DTYPES, dtype
        assert layout in LAYOUTS, layout
        if layout == "transposed":
            assert len(shape) >= 2, "transposed needs >= 2 dims"
        if layout in ("strided", "expanded", "offset"):
            assert len(shape) >= 1, layout + " needs >= 1 dim"
        self.shape = tuple(shape)
        self.dtype = dtype
        self.gen = gen if gen is not None else default_gen(dtype)
        self.layout = layout


# ---- calls ----

FORMS = ("function", "method", "inplace", "out", "aten", "F", "reference")

# Internal ops (no torch.* binding, such as the fused optimizer updates `_ts_optim_*_`): the
# PyTorch code each stands for, by registry name, for the "reference" form (see `reference`).
REFERENCES = {}


def reference(name):
    """Declares the PyTorch function an internal op `name` is compared with: it takes the
    sample's arguments, does with PyTorch what the op does (changing the same arguments in
    place) and returns what the op returns."""
    def register(fn):
        assert name not in REFERENCES, "duplicate reference " + name
        REFERENCES[name] = fn
        return fn
    return register


class Call:
    """One sample: positional args and kwargs (T specs, numbers, lists, DT, None, str).

    Forms (how PyTorch is called; the registry op is `op` in every form except inplace):
      function  torch.<op>(*args, **kwargs)            registry <op> (special_X: torch.special.X)
      method    args[0].<op>(*args[1:], **kwargs)       registry <op>
      inplace   args[0].<op>_(*args[1:], **kwargs)      registry <op>_
      out       torch.<op>(*args, **kwargs, out=<spec>) registry <op> with out= kwarg
      aten      torch.ops.aten.<op>(*args, **kwargs)    registry <op> (schema-level arguments,
                e.g. losses with `int reduction`)
      F         torch.nn.functional.<op>(...)           registry <op>
      reference REFERENCES[<op>](*args, **kwargs)       registry <op>; also compares every
                tensor and tensor-list argument after the call (ops that write their inputs)
    """

    def __init__(self, args, kwargs):
        self.args = list(args)
        self.kwargs = dict(kwargs)
        self.form_ = None  # None: the op entry's default form
        self.out_ = None
        self.seed_ = None
        self.error = None  # None, or {"prefix": str or None}
        self.tol_ = None
        self.op_ = None  # registry/torch name when it differs from the entry's
        self.no_values_ = False
        self.note_ = None

    def _form(self, f):
        self.form_ = f
        return self

    def method(self):
        return self._form("method")

    def inplace(self):
        return self._form("inplace")

    def aten(self):
        return self._form("aten")

    def F(self):
        return self._form("F")

    def function(self):
        return self._form("function")

    def out(self, spec):
        """torch.<op>(..., out=spec): spec is a T (its values are overwritten)."""
        self.out_ = spec
        return self._form("out")

    def seed(self, n):
        """torch.manual_seed(n) / ts::manual_seed(n) right before the call."""
        self.seed_ = n
        return self

    def raises(self, prefix=None):
        """The call must raise; the message must equal PyTorch's, or only start with `prefix`
        (PyTorch's own message is checked to start with it too) where ours cannot match."""
        self.error = {"prefix": prefix}
        return self

    def tol(self, rtol, atol):
        self.tol_ = (rtol, atol)
        return self

    def op(self, name):
        """Call another registry op (and the PyTorch function of that name) for this sample."""
        self.op_ = name
        return self

    def no_values(self):
        """Compare dtype and sizes only (empty, empty_like: the values are unspecified)."""
        self.no_values_ = True
        return self

    def note(self, text):
        self.note_ = text
        return self


def c(*args, **kwargs):
    return Call(args, kwargs)


class OpEntry:
    def __init__(self, name, calls, form, tol, views, family):
        self.name = name
        self.calls = calls
        self.form = form
        self.tol = tol
        self.views = views
        self.family = family


REGISTRY = {}


def op(name, calls, *, form="function", tol=None, views=False, family=None):
    """Declares the samples of op `name` (registry name, as in aten: "add", "softmax").

    tol: {"float32": (rtol, atol), ...} or (rtol, atol) for every floating dtype, overriding
    the torch.testing defaults. views=True: outputs must match PyTorch's strides and storage
    offset, and share (or not share) storage with args[0] as PyTorch's do.
    """
    assert name not in REGISTRY, "duplicate op entry " + name
    assert form in FORMS, form
    if isinstance(tol, tuple):
        tol = {"*": tol}
    REGISTRY[name] = OpEntry(name, list(calls), form, tol, views, family)
