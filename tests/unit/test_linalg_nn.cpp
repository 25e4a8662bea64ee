// Linear algebra and NN functional ops against PyTorch 1.13: values from
// tests/golden/linalg_nn.json (written by tools/gen_linalg_nn_golden.py, which builds the same
// seq() inputs), and error messages as PyTorch prints them.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ops/linalg_nn_util.h"
#include "ops/ops.h"
#include "ops/registry.h"
#include "tensor/iter.h"
#include "test_util.h"

using namespace ts;
using test::error_of;
using test::golden_json;
using test::kind_of;
using nlohmann::json;

namespace {

// The generator's seq(): ((i * a + b) % m - m // 2) / 4, exact in every float dtype.
Tensor seq(IntArrayRef shape, int64_t a = 7, int64_t b = 3, int64_t m = 11,
           DType dt = DType::Float32) {
  Tensor t = empty(shape, DType::Float64);
  double* p = t.data<double>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = double((i * a + b) % m - m / 2) / 4.0;
  return to_dtype(t, dt);
}

Tensor seqi(IntArrayRef shape, int64_t a = 7, int64_t b = 3, int64_t m = 11) {
  Tensor t = empty(shape, DType::Int64);
  int64_t* p = t.data<int64_t>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = (i * a + b) % m - m / 2;
  return t;
}

Tensor longs(std::vector<int64_t> v, IntArrayRef shape) {
  Tensor t = empty(shape, DType::Int64);
  for (size_t i = 0; i < v.size(); ++i) t.data<int64_t>()[i] = v[i];
  return t;
}

Tensor scalar_f(double v) { return scalar_to_tensor(Scalar(v)); }

// The class weights of the generator: seq([5], 3, 2, 7).abs() + 0.5
Tensor class_weights(int64_t n = 5) {
  Tensor t = seq({n}, 3, 2, 7);
  float* p = t.data<float>();
  for (int64_t i = 0; i < n; ++i) p[i] = std::fabs(p[i]) + 0.5f;
  return t;
}

Tensor tr(const Tensor& t, int64_t a = 0, int64_t b = 1) { return lnn::transpose_view(t, a, b); }

// Compares shape, dtype and values with golden case `name`.
void check_golden(const std::string& name, const Tensor& t, double rtol = 1e-5,
                  double atol = 1e-6) {
  INFO("case ", name);
  const json& c = golden_json("linalg_nn.json")["cases"].at(name);
  std::vector<int64_t> shape = c["shape"].get<std::vector<int64_t>>();
  REQUIRE(t.sizes() == IntArrayRef(shape));
  CHECK(std::string(dtype_name(t.dtype())) == c["dtype"].get<std::string>());
  Tensor d = contiguous(to_dtype(t, DType::Float64));
  const double* p = d.data<double>();
  const auto& vals = c["values"];
  REQUIRE(int64_t(vals.size()) == t.numel());
  int bad = 0;
  for (int64_t i = 0; i < t.numel(); ++i) {
    double want = vals[size_t(i)].get<double>();
    bool ok = std::isnan(want) ? std::isnan(p[i])
                               : std::fabs(p[i] - want) <= atol + rtol * std::fabs(want);
    if (!ok && bad++ < 5) FAIL_CHECK("element ", i, ": got ", p[i], ", want ", want);
  }
  CHECK(bad == 0);
}

}  // namespace

TEST_CASE("mm: float, double, int64 and transposed operands") {
  Tensor a = seq({3, 4}), b = seq({4, 5}, 5, 1, 13);
  check_golden("mm", mm(a, b));
  check_golden("mm_tt", mm(tr(seq({4, 3})), tr(seq({5, 4}, 5, 1, 13))));
  check_golden("mm_int", mm(seqi({3, 4}), seqi({4, 5}, 5, 1, 13)));
  check_golden("mm_double", mm(seq({3, 4}, 7, 3, 11, DType::Float64),
                               seq({4, 5}, 5, 1, 13, DType::Float64)));
  // A strided (non-BLAS) operand: every other column.
  Tensor wide = seq({3, 8});
  Tensor a2 = make_view(wide, {3, 4}, {8, 2}, 0);
  Tensor ref = mm(contiguous(a2), b);
  Tensor got = mm(a2, b);
  for (int64_t i = 0; i < 15; ++i) CHECK(got.data<float>()[i] == ref.data<float>()[i]);
}

TEST_CASE("mm out=: resized, strided and transposed outputs") {
  Tensor a = seq({3, 4}), b = seq({4, 5}, 5, 1, 13);
  Tensor out = empty({7});
  Tensor r = mm_out(a, b, out);
  CHECK(r.is_same(out));
  check_golden("mm", out);
  Tensor big = empty({4, 6});
  fill_(big, 9);
  Tensor win = make_view(big, {3, 5}, {6, 1}, 0);  // a window of a larger buffer
  mm_out(a, b, win);
  check_golden("mm", win);
  CHECK(big.data<float>()[5] == 9.0f);  // column outside the window untouched
  Tensor t = tr(empty({5, 3}));  // column-major output
  mm_out(a, b, t);
  check_golden("mm", t);
  CHECK(error_of([&] { mm_out(a, b, empty({3, 5}, DType::Float64)); }) ==
        "Expected out tensor to have dtype float, but got double instead");
}

TEST_CASE("mm errors use PyTorch's wording") {
  CHECK(error_of([] { mm(empty({2, 3}), empty({4, 5})); }) ==
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  CHECK(error_of([] { mm(empty({2, 3}), empty({3, 5}, DType::Float64)); }) ==
        "expected scalar type Float but found Double");
  CHECK(error_of([] { mm(empty({3}), empty({3, 5})); }) == "self must be a matrix");
  CHECK(error_of([] { mm(empty({2, 3}), empty({3})); }) == "mat2 must be a matrix");
  CHECK(error_of([] { mm(empty({2, 3}, DType::Float16), empty({3, 2}, DType::Float16)); }) ==
        "\"addmm_impl_cpu_\" not implemented for 'Half'");
  CHECK(error_of([] { mm(empty({2, 3}, DType::Bool), empty({3, 2}, DType::Bool)); }) ==
        "\"addmm_impl_cpu_\" not implemented for 'Bool'");
}

TEST_CASE("addmm: beta and alpha, broadcast self, beta = 0 ignores NaN, in-place") {
  Tensor a = seq({3, 4}), b = seq({4, 5}, 5, 1, 13);
  check_golden("addmm", addmm(seq({5}, 3, 2, 7), a, b, 0.5, 2));
  check_golden("addmm_int", addmm(seqi({3, 5}, 3, 2, 7), seqi({3, 4}), seqi({4, 5}, 5, 1, 13), 2, 3));
  Tensor nan = empty({3, 5});
  fill_(nan, std::numeric_limits<double>::quiet_NaN());
  check_golden("mm", addmm(nan, a, b, 0, 1));
  Tensor self = seq({3, 5}, 3, 2, 7);
  Tensor expect = addmm(self, a, b, 0.5, 2);
  Tensor r = addmm_(self, a, b, 0.5, 2);
  CHECK(r.is_same(self));
  for (int64_t i = 0; i < 15; ++i) CHECK(self.data<float>()[i] == expect.data<float>()[i]);
  CHECK(error_of([&] { addmm(empty({3, 5}), a, empty({4, 5}, DType::Float64)); }) ==
        "self and mat2 must have the same dtype");
  CHECK(error_of([&] { addmm(empty({3, 5}), empty({3, 4}, DType::Float64), b); }) ==
        "mat1 and mat2 must have the same dtype");
  CHECK(error_of([&] { addmm(empty({2, 5}), a, b); }) ==
        "The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
        "dimension 0.  Target sizes: [3, 5].  Tensor sizes: [2, 5]");
  CHECK(error_of([&] { addmm_(empty({5}), a, b); }) ==
        "Bad in-place call: input tensor size [5] and output tensor size [3, 5] should match");
  CHECK(error_of([&] { addmm(empty({3, 5}), empty({3}), b); }) ==
        "mat1 must be a matrix, got 1-D tensor");
}

TEST_CASE("bmm, baddbmm, addbmm") {
  Tensor b1 = seq({2, 3, 4}), b2 = seq({2, 4, 2}, 5, 1, 13);
  check_golden("bmm", bmm(b1, b2));
  check_golden("baddbmm", baddbmm(seq({3, 2}, 3, 2, 7), b1, b2, -1, 0.5));
  check_golden("addbmm", addbmm(seq({3, 2}, 3, 2, 7), b1, b2, 2, 0.5));
  // Batch stride 0 (an expanded operand) and a transposed one.
  Tensor shared = lnn::expand_view(seq({1, 4, 2}, 5, 1, 13), {2, 4, 2});
  Tensor r = bmm(b1, shared);
  Tensor ref = bmm(b1, contiguous(shared));
  for (int64_t i = 0; i < r.numel(); ++i) CHECK(r.data<float>()[i] == ref.data<float>()[i]);
  Tensor bt = tr(seq({2, 2, 4}, 5, 1, 13), 1, 2);
  Tensor r2 = bmm(b1, bt), ref2 = bmm(b1, contiguous(bt));
  for (int64_t i = 0; i < r2.numel(); ++i) CHECK(r2.data<float>()[i] == ref2.data<float>()[i]);
  CHECK(error_of([] { bmm(empty({2, 3}), empty({2, 3, 4})); }) == "batch1 must be a 3D tensor");
  CHECK(error_of([] { bmm(empty({2, 2, 3}), empty({3, 3, 4})); }) ==
        "Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].");
  CHECK(error_of([] { bmm(empty({2, 2, 3}, DType::Bool), empty({2, 3, 4}, DType::Bool)); }) ==
        "\"bmm\" not implemented for 'Bool'");
  CHECK(error_of([] { addbmm(empty({2, 4}), empty({2, 2, 3}), empty({3, 3, 4})); }) ==
        "batch1 and batch2 must have same number of batches, got 2 and 3");
}

TEST_CASE("mv, addmv, dot") {
  check_golden("mv", mv(seq({3, 4}), seq({4}, 5, 1, 13)));
  Tensor v8 = seq({8}, 5, 1, 13);
  check_golden("mv_t", mv(tr(seq({4, 3})), make_view(v8, {4}, {2}, 0)));
  check_golden("addmv", addmv(seq({1}, 3, 2, 7), seq({3, 4}), seq({4}, 5, 1, 13), 3, -1));
  Tensor v10 = seq({10}, 5, 1, 13);
  check_golden("dot", dot(seq({5}), make_view(v10, {5}, {2}, 0)));
  check_golden("dot_int", dot(seqi({5}), seqi({5}, 5, 1, 13)));
  CHECK(error_of([] { mv(empty({2, 3}), empty({4})); }) == "size mismatch, got 2, 2x3,4");
  CHECK(error_of([] { mv(empty({2, 3}), empty({3, 1})); }) ==
        "vector + matrix @ vector expected, got 1, 2, 2");
  CHECK(error_of([] { mv(empty({2, 3}, DType::Float64), empty({3})); }) ==
        "expected scalar type Double but found Float");
  CHECK(error_of([] { dot(empty({3}), empty({4})); }) ==
        "inconsistent tensor size, expected tensor [3] and src [4] to have the same number of "
        "elements, but got 3 and 4 elements respectively");
  CHECK(error_of([] { dot(empty({3, 1}), empty({3})); }) ==
        "1D tensors expected, but got 2D and 1D tensors");
  CHECK(error_of([] { dot(empty({3}), empty({3}, DType::Float64)); }) ==
        "dot : expected both vectors to have same dtype, but found Float and Double");
}

TEST_CASE("matmul: every PyTorch case") {
  Tensor m42 = seq({4, 2}, 5, 1, 13), v4 = seq({4}, 5, 1, 13);
  check_golden("matmul_3d_2d", matmul(seq({2, 3, 4}), m42));
  check_golden("matmul_2d_3d", matmul(seq({3, 4}), seq({2, 4, 2}, 5, 1, 13)));
  check_golden("matmul_bcast", matmul(seq({2, 1, 3, 4}), seq({3, 4, 2}, 5, 1, 13)));
  check_golden("matmul_1d_3d", matmul(seq({4}), seq({2, 4, 3}, 5, 1, 13)));
  check_golden("matmul_3d_1d", matmul(seq({2, 3, 4}), v4));
  check_golden("matmul_1d_2d", matmul(seq({4}), seq({4, 3}, 5, 1, 13)));
  check_golden("matmul_tr_3d_2d", matmul(tr(seq({2, 4, 3}), 1, 2), m42));
  check_golden("matmul_4d_1d", matmul(seq({2, 2, 3, 4}), v4));
  check_golden("dot", matmul(seq({5}), make_view(seq({10}, 5, 1, 13), {5}, {2}, 0)));
  check_golden("mm", matmul(seq({3, 4}), seq({4, 5}, 5, 1, 13)));
  Tensor out = empty({0});
  matmul_out(seq({2, 1, 3, 4}), seq({3, 4, 2}, 5, 1, 13), out);
  check_golden("matmul_bcast", out);
  CHECK(error_of([] { matmul(empty({}), empty({3})); }) ==
        "both arguments to matmul need to be at least 1D, but they are 0D and 1D");
  CHECK(error_of([] { matmul(empty({2, 2, 3}), empty({3, 4, 5})); }) ==
        "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  CHECK(error_of([] { matmul(empty({4}), empty({2, 3, 5})); }) == "size mismatch, got 10, 10x3,4");
  CHECK(error_of([] { matmul(empty({2, 3}), empty({2, 4, 5})); }) ==
        "mat1 and mat2 shapes cannot be multiplied (10x4 and 3x2)");
  CHECK(error_of([] { matmul(tr(empty({2, 5, 3}), 1, 2), empty({4, 6})); }) ==
        "Expected size for first two dimensions of batch2 tensor to be: [2, 5] but got: [2, 4].");
}

TEST_CASE("outer, tensordot, kron, cross") {
  check_golden("outer", outer(seq({3}), seqi({4}, 5, 1, 13)));
  check_golden("tensordot", tensordot(seq({2, 3, 4}), seq({4, 3, 5}, 5, 1, 13), {1, 2}, {1, 0}));
  check_golden("kron", kron(seq({2, 3}), seq({2, 2}, 5, 1, 13)));
  check_golden("cross", cross(seq({2, 3}), seq({2, 3}, 5, 1, 13), 1));
  check_golden("cross", cross(seq({2, 3}), seq({2, 3}, 5, 1, 13)));  // dim = first of size 3
  check_golden("linalg_cross", linalg_cross(seq({3, 2, 3}), seq({1, 2, 3}, 5, 1, 13)));
  CHECK(error_of([] { outer(empty({2, 3}), empty({3})); }) ==
        "outer: Expected 1-D argument self, but got 2-D");
  CHECK(error_of([] { tensordot(empty({2, 3}), empty({4, 4}), {1}, {0}); }) ==
        "contracted dimensions need to match, but first has size 3 in dim 1 and second has size 4 "
        "in dim 0");
  CHECK(error_of([] { tensordot(empty({2, 3}), empty({3, 4}), {1}, {0, 1}); }) ==
        "both dimension lists should have same length");
  CHECK(error_of([] { cross(empty({2, 4}), empty({2, 4})); }) == "no dimension of size 3 in input");
  CHECK(error_of([] { linalg_cross(empty({3, 2}), empty({3, 2})); }) ==
        "linalg.cross: inputs dimension -1 must have length 3. Got 2 and 2");
}

TEST_CASE("einsum: contractions, implicit output, diagonals, ellipsis, broadcasting") {
  check_golden("einsum_mm", einsum("ij,jk->ik", {seq({3, 4}), seq({4, 5}, 5, 1, 13)}));
  check_golden("einsum_mm", einsum("ij, jk", {seq({3, 4}), seq({4, 5}, 5, 1, 13)}));
  check_golden("einsum_trace", einsum("ii", {seq({3, 3})}));
  check_golden("einsum_diag", einsum("ii->i", {seq({3, 3})}));
  check_golden("einsum_ell", einsum("...ij,...jk->...ik", {seq({2, 1, 2, 3}), seq({5, 3, 4}, 5, 1, 13)}));
  check_golden("einsum_bsum", einsum("b...,b->...", {seq({2, 3, 4}), seq({2}, 5, 1, 13)}));
  check_golden("einsum_three", einsum("ij,jk,kl->il", {seq({2, 3}), seq({3, 4}, 5, 1, 13),
                                                       seq({4, 2}, 3, 2, 7)}));
  check_golden("einsum_outer_t", einsum("i,j->ji", {seq({3}), seq({2}, 5, 1, 13)}));
  check_golden("einsum_iij", einsum("iij->j", {seq({2, 2, 3})}));
  check_golden("einsum_sum", einsum("ij->", {seq({3, 4})}));
  check_golden("einsum_bcast1", einsum("i,i->", {seq({3}), seq({1}, 5, 1, 13)}));
  Tensor a = empty({2, 3});
  CHECK(error_of([&] { einsum("ij,jk->ik", {a}); }) ==
        "einsum(): fewer operands were provided than specified in the equation");
  CHECK(error_of([&] { einsum("ij,jk->ik", {a, empty({3, 4}), a}); }) ==
        "einsum(): more operands were provided than specified in the equation");
  CHECK(error_of([&] { einsum("ij->ik", {a}); }) ==
        "einsum(): output subscript k does not appear in the equation for any input operand");
  CHECK(error_of([&] { einsum("ij->ii", {a}); }) ==
        "einsum(): output subscript i appears more than once in the output");
  CHECK(error_of([&] { einsum("ij1->ij", {a}); }) ==
        "einsum(): invalid subscript given at index 2 in the equation string, subscripts must be "
        "in [a-zA-Z]");
  CHECK(error_of([&] { einsum("ijk->ij", {a}); }) ==
        "einsum(): the number of subscripts in the equation (3) does not match the number of "
        "dimensions (2) for operand 0 and no ellipsis was given");
  CHECK(error_of([&] { einsum("ij,jk->ik", {a, empty({4, 4})}); }) ==
        "einsum(): subscript j has size 4 for operand 1 which does not broadcast with previously "
        "seen size 3");
}

TEST_CASE("linear: addmm path, 1-d input, 3-d input, errors") {
  Tensor w = seq({3, 5}, 5, 1, 13), b = seq({3}, 3, 2, 7);
  check_golden("linear", linear(seq({2, 5}), w, b));
  check_golden("linear_nobias_1d", linear(seq({5}), w));
  check_golden("linear_3d", linear(seq({2, 2, 5}), w, b));
  check_golden("linear_3d", linear(tr(contiguous(tr(seq({2, 2, 5}), 0, 1)), 0, 1), w, b));
  CHECK(error_of([&] { linear(seq({2, 3}), seq({4, 5})); }) ==
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 5x4)");
  CHECK(error_of([&] { linear(seq({2, 5}), w, seq({4})); }) ==
        "The expanded size of the tensor (3) must match the existing size (4) at non-singleton "
        "dimension 1.  Target sizes: [2, 3].  Tensor sizes: [4]");
}

TEST_CASE("softmax and log_softmax: last, middle and first dims, stability, dtype") {
  Tensor s = mul(seq({3, 5}), scalar_f(7));
  check_golden("softmax_last", softmax(s, 1));
  check_golden("log_softmax_last", log_softmax(s, -1), 1e-5, 1e-5);
  Tensor s3 = mul(seq({2, 3, 4}), scalar_f(3));
  check_golden("softmax_mid", softmax(s3, 1));
  check_golden("log_softmax_mid", log_softmax(s3, 1), 1e-5, 1e-5);
  check_golden("softmax_first", softmax(s3, 0));
  Tensor big = mul(seq({2, 4}), scalar_f(400));
  check_golden("softmax_big", softmax(big, 1), 1e-5, 1e-44);
  check_golden("log_softmax_big", log_softmax(big, 1));
  check_golden("softmax_int_dtype", softmax(seqi({2, 3}), 1, DType::Float64));
  // Non-contiguous input, and a long row that exercises the vector tail.
  check_golden("softmax_mid", softmax(tr(contiguous(tr(s3, 1, 2)), 1, 2), 1));
  Tensor row = seq({1, 1001});
  Tensor p = softmax(row, 1);
  double sum = 0;
  for (int64_t i = 0; i < 1001; ++i) sum += p.data<float>()[i];
  CHECK(sum == doctest::Approx(1.0).epsilon(1e-5));
  Tensor z = softmax(scalar_f(3.5), 0);
  CHECK(z.dim() == 0);
  CHECK(z.item<double>() == 1.0);
  CHECK(error_of([] { softmax(empty({2, 3}), 2); }) ==
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(kind_of([] { softmax(empty({2, 3}), 2); }) == ErrorKind::Index);
  CHECK(error_of([] { softmax(seqi({2, 3}), 1); }) ==
        "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  CHECK(error_of([] { log_softmax(seqi({2, 3}), 0); }) ==
        "\"softmax_kernel_impl\" not implemented for 'Long'");
  CHECK(error_of([] { _softmax(empty({2, 3}, DType::Float16), 1, true); }) ==
        "softmax with half to float conversion is not supported on CPU");
}

TEST_CASE("softmax backward kernels match autograd") {
  Tensor x = mul(seq({3, 5}), scalar_f(2));
  Tensor g = seq({3, 5}, 5, 1, 13);
  check_golden("softmax_grad", _softmax_backward_data(g, softmax(x, 1), 1, DType::Float32));
  check_golden("log_softmax_grad_dim0",
               _log_softmax_backward_data(g, log_softmax(x, 0), 0, DType::Float32), 1e-5, 1e-5);
}

TEST_CASE("dropout: identity cases, p = 1, and PyTorch's stream for a seed") {
  Tensor x = seq({2, 6});
  CHECK(dropout(x, 0.5, false).is_same(x));
  CHECK(dropout(x, 0.0, true).is_same(x));
  Tensor z = dropout(x, 1.0, true);
  for (int64_t i = 0; i < 12; ++i) CHECK(z.data<float>()[i] == 0.0f);
  manual_seed(0);
  check_golden("dropout_seed0", dropout(x, 0.3, true));
  Tensor y = clone(x);
  manual_seed(0);
  CHECK(dropout_(y, 0.3, true).is_same(y));
  check_golden("dropout_seed0", y);
  manual_seed(0);
  auto [dn, noise] = dropout_with_noise(x, 0.3, true);
  check_golden("dropout_seed0", dn);
  for (int64_t i = 0; i < 12; ++i) {
    const float n = noise.data<float>()[i];
    CHECK((n == 0.0f || n == 1.0f / 0.7f));
    CHECK(dn.data<float>()[i] == x.data<float>()[i] * n);
  }
  CHECK(!std::get<1>(dropout_with_noise(x, 0.3, false)).defined());
  CHECK(error_of([&] { dropout(x, 1.5, true); }) ==
        "dropout probability has to be between 0 and 1, but got 1.5");
  CHECK(error_of([] { dropout(seqi({3}), 0.5, true); }) ==
        "result type Float can't be cast to the desired output type Long");
}

TEST_CASE("conv2d: bias, stride / padding / dilation, groups, same, 1x1, unbatched, int") {
  Tensor in = seq({2, 3, 5, 6}), w = seq({4, 3, 3, 2}, 5, 1, 13), b = seq({4}, 3, 2, 7);
  check_golden("conv_basic", conv2d(in, w, b));
  check_golden("conv_strided", conv2d(in, w, b, {2, 1}, {1, 2}, {1, 2}));
  check_golden("conv_groups", conv2d(seq({1, 2, 5, 5}), seq({4, 1, 3, 3}, 5, 1, 13), Tensor(), {1},
                                     {1}, {1}, 2));
  check_golden("conv_same_even", conv2d_padding(seq({1, 2, 5, 5}), seq({3, 2, 4, 2}, 5, 1, 13),
                                                Tensor(), {1}, "same", {1}, 1));
  check_golden("conv_basic", conv2d_padding(in, w, b, {1}, "valid", {1}, 1));
  check_golden("conv_1x1", conv2d(in, seq({2, 3, 1, 1}, 5, 1, 13), seq({2}, 3, 2, 7)));
  check_golden("conv_unbatched", conv2d(seq({3, 5, 6}), w, Tensor(), {2}));
  check_golden("conv_int", conv2d(seqi({1, 2, 4, 4}), seqi({2, 2, 2, 2}, 5, 1, 13)));
  // bfloat16 runs through float; inputs here are exact in bfloat16.
  Tensor rb = conv2d(to_dtype(in, DType::BFloat16), to_dtype(w, DType::BFloat16),
                     to_dtype(b, DType::BFloat16));
  CHECK(rb.dtype() == DType::BFloat16);
  check_golden("conv_basic", to_dtype(rb, DType::Float32), 1e-2, 1e-2);
  // Boxed: int[2] from a single int, and the string-padding overload.
  Stack r = ops::call("conv2d", {IValue(in), IValue(w), IValue(b)}, {{"stride", IValue(int64_t(1))}});
  check_golden("conv_basic", r[0].to_tensor());
  Stack r2 = ops::call("conv2d", {IValue(seq({1, 2, 5, 5})), IValue(seq({3, 2, 4, 2}, 5, 1, 13))},
                       {{"padding", IValue("same")}});
  check_golden("conv_same_even", r2[0].to_tensor());
}

TEST_CASE("conv2d errors use PyTorch's wording") {
  CHECK(error_of([] { conv2d(empty({1, 4, 5, 5}), empty({2, 3, 3, 3})); }) ==
        "Given groups=1, weight of size [2, 3, 3, 3], expected input[1, 4, 5, 5] to have 3 "
        "channels, but got 4 channels instead");
  CHECK(error_of([] { conv2d(empty({1, 4, 5, 5}), empty({2, 2, 3, 3}), Tensor(), {1}, {0}, {1}, 3); }) ==
        "Given groups=3, expected weight to be at least 3 at dimension 0, but got weight of size "
        "[2, 2, 3, 3] instead");
  CHECK(error_of([] { conv2d(empty({1, 4, 5, 5}), empty({3, 2, 3, 3}), Tensor(), {1}, {0}, {1}, 2); }) ==
        "Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of "
        "size [[3, 2, 3, 3]] instead");
  CHECK(error_of([] { conv2d(empty({1, 4, 5, 5}), empty({4, 2, 3, 3}), empty({3}), {1}, {0}, {1}, 2); }) ==
        "Given weight of size [4, 2, 3, 3], expected bias to be 1-dimensional with 4 elements, "
        "but got bias of size [3] instead");
  CHECK(error_of([] { conv2d(empty({1, 3, 2, 2}), empty({2, 3, 3, 3})); }) ==
        "Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size "
        "can't be greater than actual input size");
  CHECK(error_of([] { conv2d(empty({5, 5}), empty({2, 3, 3, 3})); }) ==
        "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {0}); }) ==
        "non-positive stride is not supported");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {1}, {-1}); }) ==
        "negative padding is not supported");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {1}, {0}, {0}); }) ==
        "dilation should be greater than zero, but got [0, 0]");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {1}, {0}, {1}, 0); }) ==
        "non-positive groups is not supported");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3})); }) ==
        "weight should have at least three dimensions");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}, DType::Float64)); }) ==
        "expected scalar type Float but found Double");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), empty({2}, DType::Float64)); }) ==
        "Input type (float) and bias type (double) should be the same");
  CHECK(error_of([] { conv2d_padding(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {2}, "same", {1}, 1); }) ==
        "padding='same' is not supported for strided convolutions");
  CHECK(error_of([] { conv2d_padding(empty({1, 3, 5, 5}), empty({2, 3, 3, 3}), Tensor(), {1}, "foo", {1}, 1); }) ==
        "Invalid padding string: 'foo'");
  CHECK(error_of([] { conv2d(empty({1, 3, 5, 5}, DType::Float16), empty({2, 3, 3, 3}, DType::Float16)); }) ==
        "\"slow_conv2d_cpu\" not implemented for 'Half'");
}

TEST_CASE("conv2d backward: input, weight and bias gradients match autograd") {
  Tensor in = seq({2, 3, 5, 6}), w = seq({4, 3, 3, 2}, 5, 1, 13);
  Tensor out = conv2d(in, w, seq({4}, 3, 2, 7), {2, 1}, {1, 1}, {1, 2});
  CHECK(out.sizes() == IntArrayRef({2, 4, 3, 6}));
  Tensor go = seq({2, 4, 3, 6}, 3, 1, 5);
  auto [gi, gw, gb] = conv2d_backward(go, in, w, {2, 1}, {1, 1}, {1, 2}, 1, {true, true, true});
  check_golden("conv_bw_gi", gi);
  check_golden("conv_bw_gw", gw);
  check_golden("conv_bw_gb", gb);
  Tensor in2 = seq({2, 4, 4, 4}), w2 = seq({4, 2, 3, 3}, 5, 1, 13);
  Tensor go2 = seq({2, 4, 4, 4}, 3, 1, 5);
  auto [gi2, gw2, gb2] = conv2d_backward(go2, in2, w2, {1}, {1}, {1}, 2, {true, true, false});
  check_golden("conv_bw_groups_gi", gi2);
  check_golden("conv_bw_groups_gw", gw2);
  CHECK(!gb2.defined());
}

TEST_CASE("max_pool2d: values, indices, ceil_mode, dilation, NaN, backward, errors") {
  Tensor p = seq({1, 2, 5, 5}, 7, 3, 13);
  auto [o1, i1] = max_pool2d_with_indices(p, {2});
  check_golden("pool_basic", o1);
  check_golden("pool_basic_idx", i1);
  check_golden("pool_basic", max_pool2d(p, {2}));
  auto [o2, i2] = max_pool2d_with_indices(p, {3}, {2}, {1}, {1}, true);
  check_golden("pool_ceil", o2);
  check_golden("pool_ceil_idx", i2);
  auto [o3, i3] = max_pool2d_with_indices(p, {3, 2}, {1, 2}, {1, 0}, {2, 1}, false);
  check_golden("pool_dil", o3);
  check_golden("pool_dil_idx", i3);
  auto [o4, i4] = max_pool2d_with_indices(p, {3}, {1}, {1});
  check_golden("pool_grad", max_pool2d_with_indices_backward(seq({1, 2, 5, 5}, 3, 1, 5), p, {3},
                                                             {1}, {1}, {1}, false, i4));
  // 3-d input keeps its rank; NaN wins and keeps its index (PyTorch's rule).
  Tensor q = seq({1, 4, 4});
  q.data<float>()[1] = std::numeric_limits<float>::quiet_NaN();
  auto [o5, i5] = max_pool2d_with_indices(q, {2});
  CHECK(o5.sizes() == IntArrayRef({1, 2, 2}));
  CHECK(std::isnan(o5.data<float>()[0]));
  CHECK(i5.data<int64_t>()[0] == 1);
  CHECK(error_of([] { max_pool2d(empty({5, 5}), {2}); }) ==
        "non-empty 3D or 4D (batch mode) tensor expected for input");
  CHECK(error_of([] { max_pool2d(empty({1, 1, 5, 5}), {2}, {}, {2}); }) ==
        "pad should be at most half of kernel size, but got pad=2 and kernel_size=2");
  CHECK(error_of([] { max_pool2d(empty({1, 1, 5, 5}), {0}); }) == "stride should not be zero");
  CHECK(error_of([] { max_pool2d(empty({1, 1, 5, 5}), {2}, {}, {0}, {0}); }) ==
        "dilation should be greater than zero, but got dilationH: 0 dilationW: 0");
  CHECK(error_of([] { max_pool2d(empty({1, 1, 1, 1}), {2}); }) ==
        "Given input size: (1x1x1). Calculated output size: (1x0x0). Output size is too small");
  CHECK(error_of([] { max_pool2d(empty({1, 1, 5, 5}), {2, 2, 2}); }) ==
        "max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  CHECK(error_of([] { max_pool2d(seqi({1, 1, 5, 5}), {2}); }) ==
        "\"max_pool2d\" not implemented for 'Long'");
  CHECK(error_of([] { max_pool2d(empty({1, 0, 5, 5}), {2}); }) ==
        "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but "
        "got:[1, 0, 5, 5]");
}

TEST_CASE("nll_loss: reductions, weights, ignore_index, 1-d, 2-d spatial and N-d") {
  Tensor lp = log_softmax(mul(seq({4, 5}), scalar_f(2)), 1);
  Tensor tg = longs({1, 0, 4, 2}, {4});
  Tensor tg_ign = longs({1, 0, -100, 2}, {4});
  Tensor w = class_weights();
  check_golden("nll_mean", nll_loss(lp, tg));
  check_golden("nll_sum", nll_loss(lp, tg, Tensor(), 2));
  check_golden("nll_none", nll_loss(lp, tg, Tensor(), 0));
  check_golden("nll_w_mean", nll_loss(lp, tg, w));
  check_golden("nll_w_ign_mean", nll_loss(lp, tg_ign, w));
  check_golden("nll_ign0_none", nll_loss(lp, tg, Tensor(), 0, 0));
  check_golden("nll_1d", nll_loss(lnn::select_view(lp, 0, 0), longs({3}, {})));
  Tensor lp4 = seq({2, 3, 2, 2});
  Tensor tg4 = longs({0, 1, 2, 1, 1, 1, 0, 2}, {2, 2, 2});
  check_golden("nll_2d_mean", nll_loss_nd(lp4, tg4, class_weights(3)));
  check_golden("nll_2d_none", nll_loss_nd(lp4, tg4, Tensor(), 0));
  Tensor tg3 = longs({0, 1, 2, 1, 2, 2, 0, 1}, {2, 4});
  check_golden("nll_3d_none", nll_loss_nd(seq({2, 3, 4}), tg3, Tensor(), 0));
  check_golden("nll_3d_sum", nll_loss_nd(seq({2, 3, 4}), tg3, Tensor(), 2));
  auto [loss, total] = nll_loss_forward(lp, tg_ign, w, 1, -100);
  check_golden("nll_grad", nll_loss_backward(scalar_f(1.0).to(DType::Float32), lp, tg_ign, w, 1,
                                             -100, total));
  Tensor empty_t = empty({0}, DType::Int64);
  CHECK(std::isnan(nll_loss(empty({0, 5}), empty_t).item<double>()));
  CHECK(nll_loss(empty({0, 5}), empty_t, Tensor(), 2).item<double>() == 0.0);
  CHECK(error_of([&] { nll_loss(lp, longs({1, 0, 5, 2}, {4})); }) == "Target 5 is out of bounds.");
  CHECK(kind_of([&] { nll_loss(lp, longs({1, 0, -1, 2}, {4})); }) == ErrorKind::Index);
  CHECK(error_of([&] { nll_loss_nd(lp, longs({1, 0}, {2})); }) ==
        "Expected input batch_size (4) to match target batch_size (2).");
  CHECK(kind_of([&] { nll_loss_nd(lp, longs({1, 0}, {2})); }) == ErrorKind::Value);
  CHECK(error_of([&] { nll_loss(lp, to_dtype(tg, DType::Float32)); }) ==
        "expected scalar type Long but found Float");
  CHECK(error_of([&] { nll_loss(lp, tg, class_weights(4)); }) ==
        "weight tensor should be defined either for all 5 classes or no classes but got weight "
        "tensor of shape: [4]");
  CHECK(error_of([] { nll_loss_nd(empty({3, 5, 2}), seqi({3, 3})); }) ==
        "Expected target size [3, 2], got [3, 3]");
  CHECK(error_of([] { nll_loss(empty({3, 5}, DType::Float16), longs({1, 0, 4}, {3})); }) ==
        "\"nll_loss_out_frame\" not implemented for 'Half'");
}

TEST_CASE("cross_entropy: class indices, probabilities, label smoothing, spatial") {
  Tensor logits = mul(seq({4, 5}), scalar_f(2));
  Tensor tg = longs({1, 0, 4, 2}, {4});
  Tensor tg_ign = longs({1, 0, -100, 2}, {4});
  Tensor w = class_weights();
  check_golden("ce_idx", cross_entropy_loss(logits, tg));
  check_golden("ce_idx_w_none", cross_entropy_loss(logits, tg, w, 0));
  Tensor probs = softmax(seq({4, 5}, 5, 1, 13), 1);
  check_golden("ce_prob", cross_entropy_loss(logits, probs));
  check_golden("ce_prob_w_ls_none", cross_entropy_loss(logits, probs, w, 0, -100, 0.2));
  check_golden("ce_ls", cross_entropy_loss(logits, tg_ign, Tensor(), 1, -100, 0.1));
  check_golden("ce_ls_w", cross_entropy_loss(logits, tg_ign, w, 1, -100, 0.3));
  check_golden("ce_ls_w_sum", cross_entropy_loss(logits, tg_ign, w, 2, -100, 0.3));
  check_golden("ce_ls_none", cross_entropy_loss(logits, tg_ign, Tensor(), 0, -100, 0.3));
  check_golden("ce_4d", cross_entropy_loss(seq({2, 3, 2, 2}), longs({0, 1, 2, 1, 1, 1, 0, 2}, {2, 2, 2})));
  CHECK(error_of([&] { cross_entropy_loss(logits, probs, Tensor(), 1, 1); }) ==
        "ignore_index is not supported for floating point target");
  CHECK(error_of([&] { cross_entropy_loss(logits, probs, Tensor(), 1, -100, 1.5); }) ==
        "label_smoothing must be between 0.0 and 1.0. Got: 1.5");
  CHECK(error_of([&] { cross_entropy_loss(logits, seqi({4, 5})); }) ==
        "Expected floating point type for target with class probabilities, got Long");
  CHECK(error_of([&] { cross_entropy_loss(logits, probs, class_weights(4)); }) ==
        "cross_entropy: weight tensor should be defined either for all 5 classes or no classes "
        "but got weight tensor of shape: [4]");
}

TEST_CASE("mse_loss: reductions, broadcasting, promotion, backward") {
  Tensor a = seq({3, 4}), b = seq({3, 4}, 5, 1, 13);
  check_golden("mse_mean", mse_loss(a, b));
  check_golden("mse_sum", mse_loss(a, b, 2));
  check_golden("mse_bcast_none", mse_loss(seq({2, 3}), seq({3}, 5, 1, 13), 0));
  check_golden("mse_double", mse_loss(seq({3}), seq({3}, 5, 1, 13, DType::Float64)));
  check_golden("mse_grad", mse_loss_backward(scalar_f(1.0).to(DType::Float32), a, b, 1));
  CHECK(error_of([] { mse_loss(seqi({3}), seqi({3})); }) == "\"mse_cpu\" not implemented for 'Long'");
  CHECK(std::isnan(mse_loss(empty({0}), empty({0})).item<double>()));
}

TEST_CASE("registry: schemas of the linalg and nn ops") {
  for (const char* name : {"mm", "matmul", "bmm", "mv", "dot", "addmm", "linear", "softmax",
                           "log_softmax", "dropout", "conv2d", "max_pool2d",
                           "max_pool2d_with_indices", "nll_loss", "nll_loss_nd",
                           "cross_entropy_loss", "mse_loss", "baddbmm", "addmv", "addbmm",
                           "outer", "tensordot", "kron", "cross", "linalg_cross"})
    CHECK_MESSAGE(ops::has_op(name), name);
  Tensor s = mul(seq({3, 5}), scalar_f(7));
  Stack r = ops::call("softmax", {IValue(s), IValue(int64_t(1))});
  check_golden("softmax_last", r[0].to_tensor());
  Stack r2 = ops::call("log_softmax", {IValue(seqi({2, 3})), IValue(int64_t(1))},
                       {{"dtype", IValue(DType::Float64)}});
  CHECK(r2[0].to_tensor().dtype() == DType::Float64);
  Stack r3 = ops::call("max_pool2d_with_indices", {IValue(seq({1, 2, 5, 5}, 7, 3, 13)), IValue(int64_t(2))});
  REQUIRE(r3.size() == 2);
  check_golden("pool_basic_idx", r3[1].to_tensor());
}
