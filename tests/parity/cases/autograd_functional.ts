# torch.autograd.functional in a script: a least-squares loss, its gradient (vjp) and Hessian
# for one Newton step, the Jacobian of a layer's output with respect to its input and weights
# (a tuple of inputs), jvp / hvp / vhp checked against the Jacobian and Hessian, create_graph
# for a derivative of a derivative, outputs that do not depend on an input (zeros, or strict's
# errors) and bad arguments. Values are rounded so both sides print the same digits.
import torch
import torch.autograd.functional
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
from typing import Any, List, Tuple


def r(t: Any) -> List[float]:
    return [round(v, 4) + 0.0 for v in t.flatten().tolist()]


def show(name: str, res: Any) -> None:
    # A tensor, or tuples of tensors nested as the result is: shapes and values.
    if isinstance(res, torch.Tensor):
        print(name, list(res.shape), r(res), res.requires_grad)
    else:
        print(name, "tuple of", len(res))
        for i in range(len(res)):
            show(name + "[" + str(i) + "]", res[i])


torch.manual_seed(0)
X = torch.randn(8, 3, dtype=torch.float64)
w_true = torch.tensor([1.5, -2.0, 0.5], dtype=torch.float64)
y = X @ w_true + 0.3


def loss(w: torch.Tensor) -> torch.Tensor:
    return ((X @ w - y) ** 2).mean()


w0 = torch.zeros(3, dtype=torch.float64)
value, g = vjp(loss, w0)
show("loss", value)
show("grad", g)
H = hessian(loss, w0)
show("hessian", H)
w1 = w0 - torch.linalg.solve(H, g)
print("newton step", r(w1), round(loss(w1).item(), 4))
print("hessian symmetric", r(H - H.t()))

# A layer's output with respect to its input: (out_features, in_features) = the weight.
layer = torch.nn.Linear(3, 2)
layer.double()
xin = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
J = jacobian(lambda v: torch.tanh(layer(v)), xin)
show("jacobian layer", J)
J2 = jacobian(layer, xin)
print("linear jacobian is weight", r(J2 - layer.weight.detach()))


def affine(x: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
    return torch.sin(W @ x)


W = torch.tensor([[1.0, 2.0, 0.0], [0.5, -1.0, 1.0]], dtype=torch.float64)
show("jacobian tuple", jacobian(affine, (xin, W)))


def two_outputs(a: torch.Tensor, b: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    return a * b, (a ** 2).sum() + b.sum()


a = torch.tensor([1.0, 2.0], dtype=torch.float64)
b = torch.tensor([3.0, -1.0], dtype=torch.float64)
show("jacobian two outputs", jacobian(two_outputs, (a, b)))
show("jacobian vectorize", jacobian(two_outputs, (a, b), vectorize=True))


def cubic(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a ** 3 * b).sum() + (a * b).prod()


show("hessian tuple", hessian(cubic, (a, b)))
show("hessian scalar input", hessian(lambda t: t ** 4, torch.tensor(2.0, dtype=torch.float64)))

# vjp / jvp / hvp / vhp agree with the Jacobian and Hessian.
v_out = torch.tensor([1.0, -2.0], dtype=torch.float64)
v_in = torch.tensor([0.5, 1.0, -1.0], dtype=torch.float64)
f = lambda v: torch.tanh(layer(v))
out, vj = vjp(f, xin, v_out)
print("vjp", r(vj), r(vj - v_out @ J))
out, jv = jvp(f, xin, v_in)
print("jvp", r(jv), r(jv - J @ v_in), list(out.shape))
out, hv = hvp(loss, w0, v_in)
print("hvp", r(hv), r(hv - H @ v_in), round(out.item(), 4))
out, vh = vhp(loss, w0, v_in)
print("vhp", r(vh), r(vh - v_in @ H))
show("vjp tuple", vjp(two_outputs, (a, b), (v_out, torch.tensor(2.0, dtype=torch.float64))))
show("jvp tuple", jvp(two_outputs, (a, b), (v_out, v_out)))
show("hvp tuple", hvp(cubic, (a, b), (v_out, v_out)))
show("vhp tuple", vhp(cubic, (a, b), (v_out, v_out)))
show("jvp scalar", jvp(lambda t: t.sin(), torch.tensor(1.0, dtype=torch.float64)))

# create_graph keeps the result differentiable: the gradient of a gradient's norm.
wg = torch.tensor([0.5, -0.5, 1.0], dtype=torch.float64, requires_grad=True)
_, gw = vjp(loss, wg, create_graph=True)
print("create_graph", gw.requires_grad, gw.grad_fn is not None)
gw.norm().backward()
print("grad of grad norm", r(wg.grad))
Hg = hessian(loss, wg, create_graph=True)
print("hessian create_graph", Hg.requires_grad, list(Hg.shape))
_, hvg = hvp(loss, wg, v_in)
print("hvp plain", hvg.requires_grad)

# Neighbour products of a sequence: a lambda that slices its argument.
show("jacobian slices", jacobian(lambda t: t[1:] * t[:-1], torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)))
with torch.no_grad():
    out, g_ng = vjp(loss, w0)
    print("under no_grad", r(g_ng), out.requires_grad, g_ng.requires_grad)
Hf = hessian(loss, w0, vectorize=True, outer_jacobian_strategy="forward-mode")
print("hessian forward-mode", r(Hf - H), Hf.requires_grad)

# An output that does not depend on an input: zeros, or strict's error.
show("independent", jacobian(lambda p, q: p * 2.0, (a, b)))
show("constant output", jacobian(lambda p: torch.ones(2, dtype=torch.float64), a))
show("linear hessian", hessian(lambda p: p.sum() * 3.0, a))
print("jvp independent", r(jvp(lambda p, q: p.exp(), (a, b), (a, b))[1]))


def attempt(name: str, fn: Any) -> None:
    try:
        fn()
        print(name, "no error")
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
    except TypeError as e:
        print(name, "TypeError:", e)
    except NotImplementedError as e:
        print(name, "NotImplementedError:", e)
    except AssertionError as e:
        print(name, "AssertionError:", e)


attempt("strict independent", lambda: jacobian(lambda p, q: p * 2.0, (a, b), strict=True))
attempt("strict constant", lambda: jacobian(lambda p: torch.ones(2, dtype=torch.float64), a, strict=True))
attempt("strict linear hessian", lambda: hessian(lambda p: p.sum() * 3.0, a, strict=True))
attempt("strict vjp", lambda: vjp(lambda p, q: p.sum(), (a, b), strict=True))
attempt("strict vhp", lambda: vhp(lambda p: p.sum() * 3.0, a, a, strict=True))
attempt("strict jvp", lambda: jvp(lambda p: torch.ones(2, dtype=torch.float64), a, a, strict=True))
attempt("strict vectorize", lambda: jacobian(loss, w0, strict=True, vectorize=True))
attempt("v missing", lambda: vjp(f, xin))
attempt("jvp v missing", lambda: jvp(f, xin))
attempt("v wrong size", lambda: vjp(f, xin, v_in))
attempt("v tuple length", lambda: jvp(two_outputs, (a, b), (a,)))
attempt("v tuple entry size", lambda: hvp(cubic, (a, b), (a, v_in)))
attempt("v single for tuple", lambda: vjp(f, xin, (v_out, v_out)))
attempt("not a tensor", lambda: jacobian(loss, [1.0, 2.0]))
attempt("tuple entry not a tensor", lambda: jacobian(affine, (xin, 3)))
attempt("output not a tensor", lambda: jacobian(lambda p: 3.0, a))
attempt("hessian of a vector", lambda: hessian(lambda p: p * 2.0, a))
attempt("hessian of a tuple", lambda: hessian(lambda p: (p.sum(), p.sum()), a))
attempt("hvp of a vector", lambda: hvp(lambda p: p * 2.0, a, a))
attempt("forward-mode", lambda: jacobian(loss, w0, strategy="forward-mode"))
attempt("forward-mode create_graph", lambda: jacobian(loss, w0, create_graph=True, strategy="forward-mode"))
attempt("hessian forward-mode", lambda: hessian(loss, w0, outer_jacobian_strategy="forward-mode"))
attempt("unknown strategy", lambda: jacobian(loss, w0, strategy="sideways"))
show("forward-mode vectorize", torch.autograd.functional.jacobian(loss, w0, vectorize=True, strategy="forward-mode"))
