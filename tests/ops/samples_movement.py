"""Conformance samples of shape and movement ops (imported by samples.py; same vocabulary, spec.py).
"""
from spec import (INF, NAN, T, U, V, Ar, B, N, b8, bf16, c, f16, f32, f64, i8, i16, i32, i64,  # noqa: F401
                  op, u8)
from samples import I, LI, M, SPECIAL, unary, binary, reduce  # noqa: F401

# ============================== views: reshaping and dim moves ==============================
# views=True: strides, storage offset and storage sharing must match PyTorch's too.

op("unflatten", [
    c(T(2, 6), 1, [2, 3]), c(T(2, 6), -1, [3, -1]), c(T(6), 0, [2, 1, 3]), c(T(2, 6), 0, [2]),
    c(T(2, 6), 1, [-1]), c(T(6, 4, layout="transposed"), 0, [2, 3]), c(T(3, 4, layout="transposed"), 1, [2, 2]),
    c(T(3, 4, layout="expanded"), 0, [1, 3]), c(T(3, 8, layout="strided"), 1, [2, 4]),
    c(T(4, 3, layout="offset"), 0, [2, 2]), c(T(0, 6), 1, [2, 3]), c(T(2, 0), 1, [0, 5]),
    c(T(2, 6, dtype=i64), 1, [3, 2]), c(M(4), 0, [2, 2]), c(T(2, 6, dtype=f16), 1, [2, 3]),
    c(T(2, 6), 1, [2, 3]).method(), c(T(2, 6), dim=1, sizes=[6, 1]),
    c(T(2, 3), 1, [2, 2]).raises(), c(T(2, 3), 1, []).raises(), c(T(2, 3), 2, [3]).raises(),
    c(T(2, 3), 1, [-1, -1]).raises(), c(T(), 0, [1]).raises(), c(T(2, 3), -3, [2]).raises(),
], views=True, family="shape")

op("movedim", [
    c(T(2, 3, 4), 0, 2), c(T(2, 3, 4), -1, 0), c(T(2, 3, 4), 1, 1), c(T(2, 3, 4), [0, 1], [2, 0]),
    c(T(2, 3, 4), [-1, 0], [0, -1]), c(T(2, 3, 4, 5), [0, 2], [3, 1]), c(T(2, 3, 4), [], []),
    c(T(2, 3, 4, layout="transposed"), 0, 1), c(T(3, 4, layout="offset"), 1, 0),
    c(T(3, 6, layout="strided"), [0, 1], [1, 0]), c(T(3, 4, layout="expanded"), 0, -1),
    c(T(), 0, 0), c(T(), [0], [-1]), c(T(2, 0, 3), 2, 0), c(T(2, 3, dtype=i32), 0, 1),
    c(M(2, 3), [1], [0]), c(T(2, 3, 4), 0, 2).method(), c(T(2, 3, 4), source=[0], destination=[1]),
    c(T(2, 3), 0, 2).raises(), c(T(2, 3), 2, 0).raises(), c(T(2, 3), [0, 1], [0]).raises(),
    c(T(2, 3), [0, 0], [0, 1]).raises(), c(T(2, 3), [0, 1], [1, 1]).raises(), c(T(2, 3), [0, 3], [1, 0]).raises(),
    c(T(), 1, 0).raises(),
], views=True, family="shape")


def swap(name):
    return [
        c(T(2, 3, 4), 0, 2), c(T(2, 3), -1, -2), c(T(2, 3), 1, 1), c(T(), 0, -1), c(T(3), 0, -1),
        c(T(2, 3, 4, layout="transposed"), 1, 2), c(T(3, 4, layout="offset"), 0, 1),
        c(T(3, 6, layout="strided"), 0, 1), c(T(3, 4, layout="expanded"), 1, 0), c(T(0, 3), 0, 1),
        c(T(2, 3, dtype=i64), 0, 1), c(M(2, 3), 1, 0), c(T(2, 3, dtype=bf16), 0, 1),
        c(T(2, 3, 4), 1, 2).method(), c(T(2, 3), 0, 2).raises(), c(T(2, 3), -3, 0).raises(),
        c(T(), 0, 1).raises(),
        # in place: self's own sizes and strides change (a metadata op)
        c(T(2, 3, 4), 0, 2).inplace(), c(T(3, 4, layout="transposed"), 0, 1).inplace(),
        c(T(3, 6, layout="strided"), -1, 0).inplace(), c(T(3, 4, layout="offset"), 1, 1).inplace(),
        c(T(), 0, -1).inplace(), c(T(0, 3, dtype=i64), 0, 1).inplace(), c(M(2, 3), 1, 0).inplace(),
        c(T(2, 3), 0, 2).inplace().raises(),
    ]


op("swapaxes", swap("swapaxes") + [c(T(2, 3), axis0=0, axis1=1)], views=True, family="shape")
op("swapdims", swap("swapdims") + [c(T(2, 3), dim0=0, dim1=1)], views=True, family="shape")
op("transpose_", [
    c(T(2, 3, 4), 0, 2), c(T(2, 3), -1, 0), c(T(2, 3), 1, 1), c(T(), 0, -1), c(T(3), 0, 0),
    c(T(2, 3, 4, layout="transposed"), 1, 2), c(T(3, 4, layout="expanded"), 0, 1), c(T(0, 3), 0, 1),
    c(T(2, 3, dtype=f64), 0, 1), c(T(2, 3, dtype=i16), 0, 1), c(M(2, 3), 1, 0), c(T(2, 3), dim0=1, dim1=0),
    c(T(2, 3), 0, 2).raises(), c(T(), 0, 1).raises(),
], form="method", views=True, family="shape")

op("unbind", [
    c(T(3, 2)), c(T(3, 2), 1), c(T(2, 3, 4), -1), c(T(3)), c(T(1, 0)), c(T(0, 3)), c(T(2, 0), 1),
    c(T(3, 4, layout="transposed"), 0), c(T(3, 4, layout="transposed"), 1), c(T(3, 6, layout="strided"), 1),
    c(T(3, 4, layout="expanded")), c(T(3, 2, layout="offset")), c(T(2, 3, dtype=i64), 1), c(M(2, 2)),
    c(T(2, 3, dtype=f16), dim=1), c(T(3, 2)).method(), c(T(3, 2), 1).method(),
    c(T(3, 2), 2).raises(), c(T(3, 2), -3).raises(), c(T()).raises(),
], views=True, family="shape")

op("diagonal", [
    c(T(3, 3)), c(T(3, 4)), c(T(4, 3), 1), c(T(3, 4), -1), c(T(3, 4), 2), c(T(3, 4), 4), c(T(3, 4), -3),
    c(T(3, 4), -5), c(T(3, 4), 10), c(T(2, 3, 4), 0, 1, 2), c(T(2, 3, 4), 1, -1, 0), c(T(2, 3, 4), -1, -3, -1),
    c(T(2, 3, 4), 0, 2, 1), c(T(2, 3, 4), offset=1, dim1=1, dim2=2),
    c(T(3, 4, layout="transposed")), c(T(2, 3, 4, layout="transposed"), 1, 0, 2),
    c(T(3, 4, layout="offset"), 1), c(T(3, 8, layout="strided"), -1), c(T(3, 4, layout="expanded")),
    c(T(0, 3)), c(T(3, 0), 1), c(T(2, 0, 3), 0, 0, 2), c(T(3, 3, dtype=i64)), c(M(3, 3), 1),
    c(T(3, 3, dtype=f16)), c(T(3, 3, dtype=bf16), -1), c(T(3, 4), 1).method(), c(T(2, 3, 4), 0, 1, 2).method(),
    c(T(3, 4), 0, 0, 0).raises(), c(T(3, 4), 0, 1, -1).raises(), c(T(3, 4), 0, 0, 2).raises(),
    c(T(3, 4), 0, -3, 1).raises(), c(T(3)).raises(), c(T()).raises(),
], views=True, family="shape")

op("broadcast_to", [
    c(T(3, 1), [3, 4]), c(T(3, 1), [2, 3, 4]), c(T(3, 1), [-1, 4]), c(T(), [2, 2]), c(T(), []),
    c(T(3), [2, -1]), c(T(1, 3, layout="transposed"), [2, 2, 3]), c(T(3, 1, layout="offset"), [3, 2]),
    c(T(2, 6, layout="strided"), [4, 2, 6]), c(T(3, 4, layout="expanded"), [2, 3, 4]),
    c(T(3, 1), [3, 0]), c(T(1), [0]), c(T(0, 1), [0, 3]), c(T(1, dtype=i64), [3]), c(M(2, 1), [2, 2]),
    c(T(3, 1, dtype=f16), [3, 2]), c(T(3, 1), size=[3, 3]), c(T(3, 1), [3, 4]).method(),
    c(T(3, 1), 3, 4).method(), c(T(3, 1), 2, -1, 5).method(),  # the size as varargs
    c(T(3), [4]).raises(), c(T(2, 3), [3]).raises(), c(T(3), [-1, 3]).raises(), c(T(2, 3), [3, 3]).raises(),
    c(T(0), [2]).raises(),
], views=True, family="shape")

op("view_as", [
    c(T(2, 6), T(3, 4)), c(T(2, 6), T(12, dtype=i64)), c(T(), T(1)), c(T(1), T()), c(T(0, 3), T(3, 0)),
    c(T(3, 4, layout="transposed"), T(3, 2, 2)), c(T(4, 6, layout="offset"), T(2, 2, 6)),
    c(T(3, 4, layout="expanded"), T(3, 2, 2)), c(T(2, 6, dtype=i64), T(3, 4)), c(M(2, 2), T(4)),
    c(T(2, 6), T(3, 4, layout="transposed")),
    c(T(3, 4, layout="transposed"), T(12)).raises(), c(T(2, 6), T(5)).raises(), c(T(2, 3), T(2, 2)).raises(),
], form="method", views=True, family="shape")

op("reshape_as", [
    c(T(2, 6), T(3, 4)), c(T(2, 6), T(12, dtype=i64)), c(T(), T(1)), c(T(1, 1), T()), c(T(0, 3), T(3, 0)),
    c(T(3, 4, layout="transposed"), T(12)), c(T(3, 4, layout="transposed"), T(4, 3)),
    c(T(3, 4, layout="expanded"), T(12)), c(T(2, 5, layout="strided"), T(5, 2)),
    c(T(4, 6, layout="offset"), T(2, 2, 6)), c(T(2, 3, 4, layout="transposed"), T(4, 6)),
    c(T(2, 3, dtype=i64), T(3, 2)), c(M(2, 3, layout="transposed"), T(6)),
    c(T(2, 6), T(5)).raises(), c(T(2, 3), T(2, 2)).raises(),
], form="method", views=True, family="shape")

op("unfold", [
    c(T(7), 0, 2, 1), c(T(7), 0, 3, 2), c(T(7), 0, 7, 1), c(T(7), 0, 1, 10), c(T(7), 0, 0, 1), c(T(7), -1, 2, 3),
    c(T(3, 8), 1, 3, 2), c(T(3, 8), 0, 2, 1), c(T(2, 5, 4), 1, 2, 2), c(T(2, 5, 4), -3, 1, 1),
    c(T(8, 3, layout="transposed"), 0, 4, 3), c(T(3, 8, layout="transposed"), 1, 2, 1),
    c(T(4, 6, layout="offset"), 1, 3, 3), c(T(3, 10, layout="strided"), 1, 2, 2),
    c(T(4, 5, layout="expanded"), 0, 2, 1), c(T(4, 5, layout="expanded"), 1, 3, 1),
    c(T(), 0, 1, 1), c(T(), -1, 0, 2), c(T(0, 4), 1, 2, 1), c(T(0, 4), 0, 0, 1), c(T(3, 0), 0, 2, 1),
    c(T(6, dtype=i64), 0, 2, 2), c(M(5), 0, 3, 1), c(T(6, dtype=f16), 0, 4, 1), c(T(6, dtype=bf16), 0, 2, 3),
    c(T(3, 8), dimension=1, size=4, step=4),
    c(T(3, 4), 1, 2, 0).raises(), c(T(3, 4), 1, 2, -1).raises(), c(T(3, 4), 1, 5, 1).raises(),
    c(T(3, 4), 2, 1, 1).raises(), c(T(3, 4), -3, 1, 1).raises(), c(T(), 0, 2, 1).raises(),
    c(T(), 1, 1, 1).raises(), c(T(3, 4), 1, -1, 1).raises(),
], form="method", views=True, family="shape")

# ============================== joins and splits ==============================


def stack_dir(name):
    """hstack/vstack/dstack/column_stack: shared samples (0-d/1-d promotion, dtypes, out=)."""
    return [
        c([T(2, 3), T(2, 3)]), c([T(3), T(3)]), c([T(), T()]),
        c([T(2, 3)]), c([T(2, 3, 4), T(2, 3, 4)]), c([T(3, 2, layout="transposed"), T(3, 2, layout="strided")]),
        c([T(2, 3, layout="expanded"), T(2, 3, layout="offset")]),
        c([T(2, dtype=i64), T(2)]), c([T(2, dtype=i32), T(2, dtype=u8)]), c([T(2, dtype=b8), T(2, dtype=b8)]),
        c([T(2, dtype=f16), T(2, dtype=bf16)]), c([T(2, dtype=b8), T(2, dtype=i8)]),
        c([T(2, dtype=f64), T(2, dtype=i64), T(2)]), c([T(0), T(0)]),
        c([T(2, 3), T(2, 3)]).out(T(0)), c([T(3), T(3)]).out(T(0, dtype=f64)),
        c([T(3), T(3, dtype=f64)]).out(T(0, dtype=i64)).raises(), c([]).raises(),
    ]


op("hstack", stack_dir("hstack") + [
    c([T(2, 3), T(2, 1), T(2, 0)]), c([T(3), T(2), T()]), c([T(0, 2), T(0, 3)]), c([T(2, 3, 1), T(2, 1, 1)]),
    c([T(2, 3), T(3, 3)]).raises(), c([T(2), T(2, 2)]).raises(), c([T(2, 3), T(2, 1)]).out(T(2, 4)),
], views=True, family="shape")
op("vstack", stack_dir("vstack") + [
    c([T(2, 3), T(1, 3), T(3)]), c([T(3), T(3)]), c([T(0, 3), T(2, 3)]), c([T(), T(1)]), c([T(1, 2, 3), T(2, 2, 3)]),
    c([T(2, 3), T(2, 4)]).raises(), c([T(2), T(3)]).raises(), c([T(2, 3), T(2, 3, 1)]).raises(),
    c([T(2), T(2)]).out(T(2, 2)),
], views=True, family="shape")
op("dstack", stack_dir("dstack") + [
    c([T(2, 3), T(2, 3, 2)]), c([T(3), T(1, 3, 2)]), c([T(2, 3, 0), T(2, 3, 1)]), c([T(), T(1, 1, 3)]),
    c([T(2, 3, 4, 5), T(2, 3, 1, 5)]),
    c([T(2, 3), T(3, 2)]).raises(), c([T(2), T(3)]).raises(), c([T(2, 2, 2, 2), T(2, 2)]).raises(),
    c([T(2), T(2)]).out(T(1, 2, 2)),
], views=True, family="shape")
op("column_stack", stack_dir("column_stack") + [
    c([T(3), T(3, 2), T(3, 1)]), c([T(), T(1, 2)]), c([T(2, 3, 4), T(2, 1, 4)]), c([T(0), T(0, 2)]),
    c([T(4, 2, layout="transposed"), T(4, layout="strided")]),
    c([T(2), T(3)]).raises(), c([T(3), T(2, 2)]).raises(), c([T(2, 2), T(2, 2, 2)]).raises(),
    c([T(2), T(2)]).out(T(2, 2)),
], views=True, family="shape")


def atleast(n):  # any tensor (or list of them) is accepted: no error case at the op level
    return [
        c(T()), c(T(3)), c(T(2, 3)), c(T(2, 3, 4)), c(T(2, 3, 4, 5)), c(T(0)), c(T(2, 0)),
        c(T(4, 3, layout="transposed")), c(T(6, layout="strided")), c(T(3, 4, layout="expanded")),
        c(T(3, layout="offset")), c(T(dtype=i64)), c(M(3)), c(T(2, dtype=f16)), c(T(dtype=bf16)),
        c([T(), T(3), T(2, 3)]), c([T(4, 3, layout="transposed"), T(dtype=i32), M(2, 3, 4)]), c([T(0)]), c([]),
    ]


op("atleast_1d", atleast(1), views=True, family="shape")
op("atleast_2d", atleast(2), views=True, family="shape")
op("atleast_3d", atleast(3), views=True, family="shape")

op("tensor_split", [
    c(T(6, 2), 3), c(T(7, 2), 3), c(T(5, 2), 7), c(T(2, 7), 3, 1), c(T(2, 7), 2, -1), c(T(4, 3), 1),
    c(T(6, 2), [1, 4]), c(T(6, 2), [4, 1]), c(T(6, 2), [-2]), c(T(6, 2), [0, 10]), c(T(6, 2), []),
    c(T(2, 6), [2, 2, 5], 1), c(T(2, 6), [1], dim=-1),
    c(T(6, 2), LI(1, 4)), c(T(6, 2), T(dtype=i64, gen=V(3))), c(T(2, 6), LI(3), 1), c(T(6, 2), T(0, dtype=i64)),
    c(T(2, 7), T(dtype=i64, gen=V(2)), dim=1),
    c(T(6, 4, layout="transposed"), 2), c(T(6, 4, layout="transposed"), [1, 3], 1),
    c(T(3, 8, layout="strided"), 3, 1), c(T(5, 4, layout="offset"), [2]), c(T(5, 4, layout="expanded"), 2),
    c(T(0, 3), 2), c(T(0, 3), [1]), c(T(3, 0), 2, 1), c(T(5, dtype=i64), 2), c(M(5), [2]),
    c(T(6, dtype=f16), 4), c(T(6, 2), 3).method(), c(T(6, 2), [1, 4]).method(),
    c(T(6, 2), 0).raises(), c(T(6, 2), -1).raises(), c(T(), 1).raises(), c(T(), [1]).raises(),
    c(T(6, 2), 2, 2).raises(), c(T(6, 2), [1], -3).raises(), c(T(6, 2), T(dtype=i64, gen=V(0))).raises(),
    c(T(6, 2), T(2, gen=V(1.0))).raises(), c(T(6, 2), T(1, 1, dtype=i64, gen=V(1))).raises(),
], views=True, family="shape")

op("hsplit", [
    c(T(2, 6), 3), c(T(2, 6), 1), c(T(6), 2), c(T(2, 6, 2), 2), c(T(2, 6), [1, 4]), c(T(6), [2, 10]),
    c(T(2, 6), [4, 2]), c(T(2, 6), []), c(T(6, 4, layout="transposed"), 2), c(T(3, 8, layout="strided"), [1]),
    c(T(3, 4, layout="expanded"), 2), c(T(3, 4, layout="offset"), [3]), c(T(2, 0), 2), c(T(0, 4), [1]),
    c(T(2, 4, dtype=i64), 2), c(M(2, 4), [2]), c(T(2, 6), 2).method(), c(T(2, 6), [1]).method(),
    c(T(2, 6), 1, 4).method(),  # indices as varargs
    c(T(2, 6), 4).raises(), c(T(2, 6), 0).raises(), c(T(2, 6), -1).raises(), c(T(5), 2).raises(),
    c(T(), 1).raises(), c(T(), [1]).raises(),
], views=True, family="shape")

op("vsplit", [
    c(T(6, 2), 3), c(T(6, 2), 1), c(T(6, 2, 2), 2), c(T(6, 2), [1, 4]), c(T(6, 2), [4, 2]), c(T(6, 2), []),
    c(T(6, 2), [-1]), c(T(4, 6, layout="transposed"), 2), c(T(4, 8, layout="strided"), [1]),
    c(T(4, 3, layout="expanded"), 2), c(T(4, 3, layout="offset"), [3]), c(T(0, 2), 2), c(T(2, 0), [1]),
    c(T(4, 2, dtype=i64), 2), c(M(4, 2), [2]), c(T(6, 2), 2).method(), c(T(6, 2), [1]).method(),
    c(T(6, 2), 4).raises(), c(T(6, 2), 0).raises(), c(T(6), 2).raises(), c(T(6), [1]).raises(),
    c(T(), 1).raises(),
], views=True, family="shape")

# ============================== new_* creation methods ==============================


def new_sized(name, *extra):
    return [
        c(T(2, 3), [2, 2], *extra), c(T(2, 3), [], *extra), c(T(2, 3), [0, 3], *extra),
        c(T(3, 4, layout="transposed"), [3, 4], *extra), c(T(3, 6, layout="strided"), [2], *extra),
        c(T(3, 4, layout="expanded"), [4], *extra), c(T(3, layout="offset"), [2, 1], *extra),
        c(T(), [3], *extra), c(T(0), [2], *extra), c(T(2, dtype=i64), [3], *extra), c(M(2), [2], *extra),
        c(T(2, dtype=f16), [2], *extra), c(T(2, dtype=bf16), [3], *extra), c(T(2, dtype=u8), [2], *extra),
        c(T(2), [2, 3], *extra, dtype=f64), c(T(2, dtype=i64), [2], *extra, dtype=f32),
        c(T(2), [3], *extra, dtype=i32), c(T(2), [2], *extra, dtype=b8), c(T(2), [2], *extra, dtype=None),
        c(T(2), [-1], *extra).raises(), c(T(2), [2, -3], *extra).raises(),
    ] + ([c(T(2), 2, 3), c(T(2), 4, dtype=i64)] if not extra else [])  # size as varargs


op("new_zeros", new_sized("new_zeros"), form="method", views=True, family="creation")
op("new_ones", new_sized("new_ones"), form="method", views=True, family="creation")
op("new_empty", [s.no_values() for s in new_sized("new_empty")], form="method", views=True, family="creation")
op("new_full", new_sized("new_full", 2.5) + [
    c(T(2, dtype=i64), [3], 7), c(T(2, dtype=i64), [3], 1.5), c(T(2, dtype=i64), [2], True), c(M(3), [2], 0),
    c(T(2), [2], True), c(T(2, dtype=u8), [2], -1), c(T(2), [2], NAN), c(T(2), [2], -INF), c(T(2), [2], -0.0),
    c(T(2, dtype=f16), [2], 70000.0).raises(), c(T(2), [2], 3, dtype=i64), c(T(2), size=[2], fill_value=1.5),
], form="method", views=True, family="creation")

op("new_tensor", [
    c(T(2), [1, 2, 3]), c(T(2), [1.5, -2.0]), c(T(2), [True, False]), c(T(2), [[1, 2], [3, 4]]), c(T(2), 3.5),
    c(T(2), 7), c(T(2), True), c(T(2), []), c(T(2, dtype=i64), [1.5, -2.7]), c(T(2, dtype=i64), 3),
    c(T(2, dtype=u8), [1, 300]).raises(), c(T(2, dtype=u8), [1, 255]), c(M(2), [2, 0, -1]),
    c(T(2, dtype=f16), [0.1, 70000.0]),
    c(T(2, dtype=bf16), [1.0, 3.3]), c(T(3, 4, layout="transposed"), [[1.0], [2.0]]),
    c(T(), [1, 2]), c(T(0), [NAN, INF, -0.0]),
    c(T(2), [1, 2], dtype=i32), c(T(2, dtype=i64), [1, 2], dtype=f64), c(T(2), [1.5, 0.0], dtype=b8),
    c(T(2), 5, dtype=u8), c(T(2), [[1, 2], [3]]).raises(),
], form="method", views=True, family="creation")
