// The gather/scatter family: index_select, gather, take, take_along_dim, scatter,
// scatter_add, scatter_reduce, index_add, index_copy, index_fill, put_. Expected values and
// messages come from PyTorch 1.13 (/usr/bin/python3); large cases are checked against math.
#include <doctest/doctest.h>

#include <cmath>

#include "test_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

using namespace ts;
using namespace ts::test;
using V = std::vector<double>;
using S = std::vector<int64_t>;

namespace {
Tensor x34() { return arange_f({3, 4}); }
Tensor transposed(const Tensor& t) {  // t.t() for a contiguous 2-d t
  return make_view(t, {t.sizes()[1], t.sizes()[0]}, {t.strides()[1], t.strides()[0]}, t.storage_offset());
}
}  // namespace

TEST_CASE("index_select: values and PyTorch's path-dependent errors") {
  Tensor x = x34();
  CHECK(vals(index_select(x, 0, L({2, 0, 2}))) == V{8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11});
  CHECK(vals(index_select(x, 1, I32({3, 1}))) == V{3, 1, 7, 5, 11, 9});
  CHECK(vals(index_select(x, -1, L0(2))) == V{2, 6, 10});
  CHECK(shape(index_select(x, 1, L0(2))) == S{3, 1});
  CHECK(shape(index_select(x, 0, L({}, {0}))) == S{0, 4});
  CHECK(vals(index_select(transposed(x), 0, L({2, 0}))) == V{2, 6, 10, 0, 4, 8});
  CHECK(vals(index_select(F({5}, {}), 0, L({0}))) == V{5});
  CHECK(vals(index_select(arange_f({4}), 0, L({3, 3, 0}))) == V{3, 3, 0});
  CHECK_ERR(index_select(x, 1, L({3, 4})), ErrorKind::Runtime, "INDICES element is out of DATA bounds, id=4 axis_dim=4");
  CHECK_ERR(index_select(x, 1, L({3, -1})), ErrorKind::Runtime, "INDICES element is out of DATA bounds, id=-1 axis_dim=4");
  CHECK_ERR(index_select(x, 0, L({3})), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_select(x, 0, L({-1})), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_select(arange_f({2, 3, 4}), 2, L({5})), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_select(arange_f({2, 3, 4}), 1, L({5})), ErrorKind::Runtime,
            "INDICES element is out of DATA bounds, id=5 axis_dim=3");
  CHECK_ERR(index_select(arange_f({4}), 0, L({5})), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_select(F({5}, {}), 0, L({1})), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_select(x, 1, F({3})), ErrorKind::Runtime, "index_select(): Expected dtype int32 or int64 for index");
  CHECK_ERR(index_select(x, 1, L({3}, {1, 1})), ErrorKind::Index, "index_select(): Index is supposed to be a vector");
  CHECK_ERR(index_select(x, 2, L({2})), ErrorKind::Index, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK_ERR(index_select(zeros_f({0, 3}), 0, L({1})), ErrorKind::Runtime,
            "index_select(): self indexing axis dim should be positive");
  CHECK_ERR(index_select(zeros_f({2, 0}), 0, L({5})), ErrorKind::Runtime,
            "INDICES element is out of DATA bounds, id=5 axis_dim=2");
  CHECK_ERR(index_select_out(x, 1, L({0}), zeros_f({2}, DType::Float64)), ErrorKind::Runtime,
            "index_select(): self and result must have the same scalar type");
  Tensor out = zeros_f({2});
  index_select_out(x, 1, L({0}), out);  // out= resizes
  CHECK(shape(out) == S{3, 1});
  CHECK(vals(out) == V{0, 4, 8});
}

TEST_CASE("gather and take_along_dim") {
  Tensor x = x34();
  CHECK(vals(gather(x, 1, L({0, 3, 1, 1, 2, 0}, {3, 2}))) == V{0, 3, 5, 5, 10, 8});
  CHECK(vals(gather(x, 0, L({0, 2, 1, 2}, {1, 4}))) == V{0, 9, 6, 11});
  CHECK(vals(gather(transposed(x), 0, L({0, 1, 2, 1, 1, 1}, {2, 3}))) == V{0, 5, 10, 1, 5, 9});
  CHECK(shape(gather(x, 1, L({}, {1, 1, 0}))) == S{1, 1, 0});
  CHECK_ERR(gather(x, 0, L({0, 2, 1, 2, 1}, {1, 5})), ErrorKind::Runtime,
            "Size does not match at dimension 1 expected index [1, 5] to be smaller than self [3, 4] apart from dimension 0");
  CHECK_ERR(gather(x, 1, L({0, 5}, {1, 2})), ErrorKind::Runtime, "index 5 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(gather(x, 1, L({0, -1}, {1, 2})), ErrorKind::Runtime, "index -1 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(gather(x, 1, make(std::vector<int>{0, 1}, {1, 2}, DType::Int32)), ErrorKind::Runtime,
            "gather(): Expected dtype int64 for index");
  CHECK_ERR(gather(x, 1, L({0, 1})), ErrorKind::Runtime, "Index tensor must have the same number of dimensions as input tensor");
  CHECK_ERR(gather(x, 5, L({9}, {1, 1})), ErrorKind::Index, "Dimension out of range (expected to be in range of [-2, 1], but got 5)");
  CHECK_ERR(gather_out(x, 1, L({0}, {1, 1}), false, zeros_f({2}, DType::Float64)), ErrorKind::Runtime,
            "Expected out tensor to have dtype float, but got double instead");
  CHECK_ERR(gather_out(zeros_f({2, 2}, DType::Int64), 1, L({0}, {1, 1}), false, zeros_f({2})), ErrorKind::Runtime,
            "Expected out tensor to have dtype long int, but got float instead");

  CHECK(vals(take_along_dim(x, L({0, 3, 1, 1, 2, 0}, {3, 2}), 1)) == V{0, 3, 5, 5, 10, 8});
  CHECK(vals(take_along_dim(x, L({0, 3}, {1, 2}), 1)) == V{0, 3, 4, 7, 8, 11});
  CHECK(vals(take_along_dim(x, L({0, 2}, {2, 1}), 0)) == V{0, 1, 2, 3, 8, 9, 10, 11});
  CHECK(vals(take_along_dim(x, L({5, 0}))) == V{5, 0});
  Tensor x3 = arange_f({2, 3, 4});
  CHECK(vals(take_along_dim(x3, L({1, 0}, {2, 1, 1}), 1)) == V{4, 5, 6, 7, 12, 13, 14, 15});
  CHECK(vals(take_along_dim(x3, L({1, 0, 2}, {1, 1, 3}), 2)) ==
        V{1, 0, 2, 5, 4, 6, 9, 8, 10, 13, 12, 14, 17, 16, 18, 21, 20, 22});
  CHECK_ERR(take_along_dim(x, L({0, 2, 1, 1}, {2, 2}), 0), ErrorKind::Runtime,
            "The size of tensor a (4) must match the size of tensor b (2) at non-singleton dimension 1");
  CHECK_ERR(take_along_dim(x, L({5, -1})), ErrorKind::Runtime, "index -1 is out of bounds for dimension 0 with size 12");
  CHECK_ERR(take_along_dim(x, L({-1}, {1, 1}), 1), ErrorKind::Runtime, "index -1 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(take_along_dim(x, L({1}), 1), ErrorKind::Runtime,
            "torch.take_along_dim(): input and indices should have the same number of dimensions, but got 2 dimensions "
            "for input, and 1 dimensions for indices");
  CHECK_ERR(take_along_dim(x, make(std::vector<int>{1}, {1, 1}, DType::Int32), 1), ErrorKind::Runtime,
            "torch.take_along_dim(): dtype of indices should be Long but got Int");
}

TEST_CASE("take and put_") {
  Tensor x = x34();
  CHECK(vals(take(x, L({0, 11, -1, -12}, {2, 2}))) == V{0, 11, 11, 0});
  CHECK(vals(take(transposed(x), L({1, 2, 3}))) == V{4, 8, 1});
  CHECK(shape(take(zeros_f({0}), L({}, {0}))) == S{0});
  CHECK_ERR(take(x, L({12})), ErrorKind::Index, "out of range: tried to access index 12 on a tensor of 12 elements.");
  CHECK_ERR(take(x, L({-13})), ErrorKind::Index, "out of range: tried to access index -13 on a tensor of 12 elements.");
  CHECK_ERR(take(x, I32({1})), ErrorKind::Runtime, "take(): Expected a long tensor for index, but got Int");
  CHECK_ERR(take(zeros_f({0}), L({0})), ErrorKind::Index, "take(): tried to take from an empty tensor");
  CHECK_ERR(take_out(x, L({1}), zeros_f({1}, DType::Float64)), ErrorKind::Runtime,
            "take(): self and out expected to have the same dtype, but got self.dtype = Float and out.dtype = Double");

  Tensor p = zeros_f({3, 4});
  put_(p, L({0, 5, -1}), F({1, 2, 3}));
  CHECK(vals(p) == V{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3});
  p = zeros_f({3, 4});
  put_(p, L({0, 0, -1}), F({1, 2, 3}), true);
  CHECK(vals(p) == V{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3});
  p = zeros_f({3, 4});
  put_(p, L({0, 0, -1}, {1, 3}), F({1, 2, 3}));
  CHECK(vals(p) == V{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3});
  Tensor base = zeros_f({3, 4});
  Tensor pt = transposed(base);
  put_(pt, L({0, 1, 2}), F({1, 2, 3}));  // row-major positions of the [4, 3] view
  CHECK(vals(pt) == V{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  Tensor q = zeros_f({3, 4});
  CHECK(vals(put(q, L({0, 1, 2}), F({1, 2, 3}))) == V{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(vals(q) == V(12, 0));
  CHECK_ERR(put_(q, L({0, 0, -1}), F({1, 2})), ErrorKind::Index,
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = 2, "
            "index.numel() = 3");
  CHECK_ERR(put_(q, L({0, 0, 12}), F({1, 2, 3})), ErrorKind::Index,
            "out of range: tried to access index 12 on a tensor of 12 elements.");
  CHECK_ERR(put_(q, L({0, 0, 1}), L({1, 2, 3})), ErrorKind::Runtime,
            "put_(): self and source expected to have the same dtype, but got self.dtype = Float and source.dtype = Long");
  CHECK_ERR(put_(q, I32({0}), F({1})), ErrorKind::Runtime, "put_(): Expected a long tensor for index, but got Int");
  CHECK_ERR(put_(zeros_f({0}), L({0}), F({1})), ErrorKind::Index, "put_(): Tried to put elements into an empty tensor");
}

TEST_CASE("scatter: src, value and the legacy reductions") {
  Tensor r = scatter(zeros_f({3, 4}), 1, L({0, 3, 1, 1}, {2, 2}), F({1, 2, 3, 4}, {2, 2}));
  CHECK(vals(r) == V{1, 0, 0, 2, 0, 4, 0, 0, 0, 0, 0, 0});
  r = scatter(zeros_f({3, 4}), 1, L({0, 3, 1, 1}, {2, 2}), Scalar(7.5));
  CHECK(vals(r) == V{7.5, 0, 0, 7.5, 0, 7.5, 0, 0, 0, 0, 0, 0});
  r = scatter(zeros_f({3, 4}), 0, L({0, 1, 2, 0}, {1, 4}), F({1, 2, 3, 4, 5}, {1, 5}));
  CHECK(vals(r) == V{1, 0, 0, 4, 0, 2, 0, 0, 0, 0, 3, 0});
  r = scatter(zeros_f({3, 4}), 1, L({0, 1, 2, 3, 0}, {1, 5}), Scalar(1));
  CHECK(vals(r) == V{1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0});
  r = scatter(zeros_f({3, 4}, DType::Int64), 0, L({0, 1, 2, 0}, {1, 4}), Scalar(2.7));
  CHECK(vals(r) == V{2, 0, 0, 2, 0, 2, 0, 0, 0, 0, 2, 0});
  Tensor ones = zeros_f({3, 4});
  ones.fill_(1);
  r = scatter(ones, 0, L({0, 0, 2, 0}, {1, 4}), F({2, 3, 4, 5}, {1, 4}), "multiply");
  CHECK(vals(r) == V{2, 3, 1, 5, 1, 1, 1, 1, 1, 1, 4, 1});
  r = scatter(ones, 0, L({0, 0, 2, 0}, {1, 4}), F({2, 3, 4, 5}, {1, 4}), "add");
  CHECK(vals(r) == V{3, 4, 1, 6, 1, 1, 1, 1, 1, 1, 5, 1});
  r = scatter(ones, 0, L({0, 0, 2, 0}, {1, 4}), Scalar(3.0), "multiply");
  CHECK(vals(r) == V{3, 3, 1, 3, 1, 1, 1, 1, 1, 1, 3, 1});
  CHECK(vals(scatter(ones, 1, L({}, {1, 0}), Scalar(1))) == vals(ones));
  Tensor in = zeros_f({3, 4});
  scatter_(in, 1, L({2}, {1, 1}), Scalar(9));
  CHECK(vals(in)[2] == 9);

  Tensor z = zeros_f({3, 4});
  CHECK_ERR(scatter(z, 0, L({0, 1, 2, 0, 0}, {1, 5}), F({1, 2, 3, 4, 5}, {1, 5})), ErrorKind::Runtime,
            "Expected index [1, 5] to be smaller than self [3, 4] apart from dimension 0 and to be smaller size than src [1, 5]");
  CHECK_ERR(scatter(z, 0, L({0, 1, 2, 0}, {1, 4}), F({1, 2, 3}, {1, 3})), ErrorKind::Runtime,
            "Expected index [1, 4] to be smaller than self [3, 4] apart from dimension 0 and to be smaller size than src [1, 3]");
  CHECK_ERR(scatter(z, 1, L({0, 1, 2, 3, 0, 0, 1, 2, 3, 0, 0, 1, 2, 3, 0, 0, 1, 2, 3, 0}, {4, 5}), Scalar(1)),
            ErrorKind::Runtime, "Expected index [4, 5] to be smaller than self [3, 4] apart from dimension 1");
  CHECK_ERR(scatter(z, 0, L({0, 1, 5, 0}, {1, 4}), F({1, 2, 3, 4}, {1, 4})), ErrorKind::Runtime,
            "index 5 is out of bounds for dimension 0 with size 3");
  CHECK_ERR(scatter(z, 0, L({0, 1, -1, 0}, {1, 4}), F({1, 2, 3, 4}, {1, 4})), ErrorKind::Runtime,
            "index -1 is out of bounds for dimension 0 with size 3");
  CHECK_ERR(scatter(z, 1, L({4}, {1, 1}), Scalar(1.0), "add"), ErrorKind::Runtime,
            "index 4 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(scatter(z, 0, L({0, 1, 2, 0}, {1, 4}), L({1, 2, 3, 4}, {1, 4})), ErrorKind::Runtime,
            "scatter(): Expected self.dtype to be equal to src.dtype");
  CHECK_ERR(scatter(z, 0, L({0, 0, 2, 0}, {1, 4}), F({2, 3, 4, 5}, {1, 4}), "sum"), ErrorKind::Runtime,
            "reduce argument must be either add or multiply.");
  CHECK_ERR(scatter(z, 1, L({0}), Scalar(1.0)), ErrorKind::Runtime,
            "Index tensor must have the same number of dimensions as self tensor");
  CHECK_ERR(scatter(z, 1, L({0}, {1, 1}), zeros_f({3})), ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  CHECK_ERR(scatter(z, 1, L({0}, {1, 1}), zeros_f({1, 1, 1})), ErrorKind::Runtime,
            "Index tensor must have the same number of dimensions as src tensor");
  CHECK_ERR(scatter(z, 0, I32({0}), F({1})), ErrorKind::Runtime, "scatter(): Expected dtype int64 for index");
  Tensor y = arange_f({2, 3});
  CHECK_ERR(scatter_(y, 1, L({0, 1}, {2, 1}), y), ErrorKind::Runtime,
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
            "memory location. Please clone() the tensor before performing the operation.");
  // Through the registry with the keyword-only reduce.
  Stack out = ops::call("scatter", {IValue(ones), IValue(int64_t(0)), IValue(L({0, 0, 2, 0}, {1, 4})),
                                    IValue(F({2, 3, 4, 5}, {1, 4}))},
                        {{"reduce", IValue("add")}});
  CHECK(vals(out.at(0).to_tensor()) == V{3, 4, 1, 6, 1, 1, 1, 1, 1, 1, 5, 1});
}

TEST_CASE("scatter_add and scatter_reduce") {
  Tensor ones = zeros_f({3, 4});
  ones.fill_(1);
  Tensor r = scatter_add(ones, 0, L({0, 0, 2, 0, 0, 1, 1, 1}, {2, 4}), F({2, 3, 4, 5, 1, 1, 1, 1}, {2, 4}));
  CHECK(vals(r) == V{4, 4, 1, 6, 1, 2, 2, 2, 1, 1, 5, 1});
  CHECK_ERR(scatter_add(ones, 0, L({0}, {1, 1}), L({1}, {1, 1})), ErrorKind::Runtime,
            "scatter(): Expected self.dtype to be equal to src.dtype");
  Tensor bt = zeros_f({3}, DType::Bool);
  bt.fill_(true);
  CHECK(vals(scatter_add(bt, 0, L({0, 0}), B({1, 0}))) == V{1, 1, 1});

  Tensor o4 = zeros_f({4});
  o4.fill_(1);
  Tensor idx = L({0, 0, 2, 1, 1});
  Tensor src = F({2, 3, 4, 5, 6});
  Tensor srcn = F({2, 3, 4, 5, -6});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "sum")) == V{6, 12, 5, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "prod")) == V{6, 30, 4, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "mean")) == V{2, 4, 2.5, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "amax")) == V{3, 6, 4, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, srcn, "amin")) == V{1, -6, 1, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "mean", false)) == V{2.5, 5.5, 4, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, srcn, "amin", false)) == V{2, -6, 4, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "amax", false)) == V{3, 6, 4, 1});
  CHECK(vals(scatter_reduce(o4, 0, idx, src, "prod", false)) == V{6, 30, 4, 1});
  CHECK(vals(o4) == V{1, 1, 1, 1});
  Tensor l4 = zeros_f({4}, DType::Int64);
  l4.fill_(1);
  CHECK(vals(scatter_reduce(l4, 0, idx, L({2, 3, 4, 5, 6}), "mean")) == V{2, 4, 2, 1});
  CHECK(vals(scatter_reduce(l4, 0, idx, L({2, 3, 4, 5, -6}), "mean", false)) == V{2, -1, 4, 1});
  CHECK(vals(scatter_reduce(l4, 0, idx, L({2, 3, 4, 5, -6}), "amax", false)) == V{3, 5, 4, 1});
  Tensor i3 = zeros_f({3}, DType::Int32);
  i3.fill_(1);
  CHECK(vals(scatter_reduce(i3, 0, L({0, 0}), make(std::vector<int>{3, 4}, {2}, DType::Int32), "mean")) == V{2, 1, 1});
  Tensor h3 = zeros_f({3}, DType::Float16);
  h3.fill_(1);
  CHECK(vals(scatter_reduce(h3, 0, L({0, 0}), make(std::vector<double>{3, 4}, {2}, DType::Float16), "mean")) ==
        V{2.666015625, 1, 1});
  Tensor f3 = zeros_f({3});
  f3.fill_(1);
  auto nanmax = vals(scatter_reduce(f3, 0, L({0, 0}), F({std::nan(""), 4}), "amax"));
  CHECK(std::isnan(nanmax[0]));
  CHECK(nanmax[1] == 1);
  CHECK(vals(scatter_reduce(zeros_f({3, 4}), 0, L({0}, {1, 1}), F({1}, {1, 1}), "mean", false))[0] == 1);
  CHECK_ERR(scatter_reduce(o4, 0, idx, src, "max"), ErrorKind::Runtime,
            "reduce argument must be either sum, prod, mean, amax or amin.");
  CHECK_ERR(scatter_reduce(o4, 0, idx, L({1, 2, 3, 4, 5}), "sum"), ErrorKind::Runtime,
            "scatter(): Expected self.dtype to be equal to src.dtype");
  CHECK_ERR(scatter_reduce_out(o4, 0, idx, src, "sum", true, zeros_f({1}, DType::Float64)), ErrorKind::Runtime,
            "Expected out tensor to have dtype float, but got double instead");
}

TEST_CASE("index_add, index_copy, index_fill") {
  Tensor z = zeros_f({3, 4});
  Tensor o34 = zeros_f({3, 4});
  o34.fill_(1);
  CHECK(vals(index_add(z, 0, L({0, 0, 2}), o34, 2)) == V{4, 4, 4, 4, 0, 0, 0, 0, 2, 2, 2, 2});
  Tensor o33 = zeros_f({3, 3});
  o33.fill_(1);
  CHECK(vals(index_add(z, 1, I32({0, 0, 1}), o33)) == V{2, 1, 0, 0, 2, 1, 0, 0, 2, 1, 0, 0});
  CHECK(vals(index_add(z, 1, L({0, 1, 1}), o33, 0.5)) == V{0.5, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 1, 0, 0});
  Tensor zl = zeros_f({3, 4}, DType::Int64);
  Tensor ol = zeros_f({3, 3}, DType::Int64);
  ol.fill_(1);
  CHECK(vals(index_add(zl, 1, L({0, 1, 1}), ol, 0.5)) == V(12, 0));  // alpha becomes 0 for integers
  Tensor i3 = zeros_f({3}, DType::Int32);
  i3.fill_(1);
  CHECK(vals(index_add(i3, 0, L({0, 0}), make(std::vector<int>{3, 4}, {2}, DType::Int32), 2)) == V{15, 1, 1});
  CHECK(vals(index_add(zeros_f({4}), 0, L({1}), F({5}))) == V{0, 5, 0, 0});
  CHECK(vals(index_add(zeros_f({4}), 0, L0(1), F({5}, {}))) == V{0, 5, 0, 0});
  CHECK(vals(index_add(F({0}, {}), 0, L({0}), F({5}))) == V{5});
  Tensor o11 = zeros_f({1, 1});
  o11.fill_(1);
  CHECK(vals(index_add(z, 1, L({0}), o11)) == V{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});  // broadcast over rows
  CHECK_ERR(index_add(z, 1, L({0, 0, -1}), o33), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_add(z, 1, L({0, 0, 4}), o33), ErrorKind::Index, "index out of range in self");
  CHECK_ERR(index_add(z, 1, L({0, 0, 1}), zeros_f({3, 2})), ErrorKind::Runtime,
            "index_add_(): Number of indices (3) should be equal to source.size(dim): (2), for dim: 1");
  CHECK_ERR(index_add(z, 1, L({0, 0, 1}), zeros_f({2, 3})), ErrorKind::Runtime,
            "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0");
  CHECK_ERR(index_add(z, 1, L({0, 0, 1}), zeros_f({3, 3}, DType::Int64)), ErrorKind::Runtime,
            "index_add_(): self (Float) and source (Long) must have the same scalar type");
  CHECK_ERR(index_add(z, 1, F({0, 0, 1}), o33), ErrorKind::Runtime,
            "index_add_(): Expected dtype int32/int64 for index but got: Float");
  CHECK_ERR(index_add(z, 1, L({0, 0, 1}, {1, 3}), o33), ErrorKind::Index,
            "index_add_(): Index is supposed to be a vector, but got dim: 2 with type: Long and size: [1, 3]");
  CHECK_ERR(index_add(z, 1, L({0}), zeros_f({3})), ErrorKind::Runtime,
            "index_add_(): Indexing dim 1 is out of bounds of the source tensor with dim 1");
  CHECK_ERR(index_add(z, 2, L({0}), zeros_f({3, 1})), ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK_ERR(index_add_out(z, 1, L({0}), zeros_f({3, 1}), 1, zeros_f({1}, DType::Float64)), ErrorKind::Runtime,
            "Expected out tensor to have dtype float, but got double instead");

  Tensor src = F({1, 2, 3, 4, 5, 6}, {3, 2});
  CHECK(vals(index_copy(z, 1, L({0, 3}), src)) == V{1, 0, 0, 2, 3, 0, 0, 4, 5, 0, 0, 6});
  CHECK(vals(index_copy(z, 1, L({0, 0}), src)) == V{2, 0, 0, 0, 4, 0, 0, 0, 6, 0, 0, 0});
  CHECK_ERR(index_copy(z, 1, L({0, 4}), src), ErrorKind::Index,
            "index_copy_(): index 4 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(index_copy(z, 1, L({0, -1}), src), ErrorKind::Index,
            "index_copy_(): index -1 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(index_copy(z, 1, L({0, 1, 2}), src), ErrorKind::Index,
            "index_copy_(): Number of indices (3) should be equal to source.size(dim) (2)");
  CHECK_ERR(index_copy(z, 1, L({0, 1}), F({1, 2, 3, 4}, {2, 2})), ErrorKind::Runtime,
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 at "
            "dimension 1 and source slice shape: 2 at dimension 0.");
  CHECK_ERR(index_copy(zeros_f({3, 4, 5}), 1, L({0}), zeros_f({3, 1, 4})), ErrorKind::Runtime,
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 3 5 at "
            "dimension 1 and source slice shape: 3 4 at dimension 0.");
  CHECK_ERR(index_copy(z, 1, L({0, 1}), L({1, 2, 3, 4, 5, 6}, {3, 2})), ErrorKind::Runtime,
            "index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Long");
  CHECK_ERR(index_copy(z, 1, I32({0, 1}), src), ErrorKind::Runtime,
            "index_copy_(): Expected a long tensor for index, but got Int");
  CHECK_ERR(index_copy(zeros_f({3, 4, 5}), 1, L({0}, {1, 1}), zeros_f({3, 1, 5})), ErrorKind::Index,
            "index_copy_(): Index should have dimension 1 or 0 (got 2)");
  CHECK_ERR(index_copy(zeros_f({3, 4, 5}), 1, L({0}), zeros_f({3, 5})), ErrorKind::Index,
            "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
            "dimensionality (2), destination dimensionality (3)");
  CHECK_ERR(index_copy(zeros_f({3}), 0, L({0, 1}), F({1}, {})), ErrorKind::Index,
            "index_copy_(): When source is scalar, index should have one element (got 2)");
  Tensor y = arange_f({2, 3});  // an overlapping source is read in order, as in PyTorch
  index_copy_(y, 1, L({0, 1}), make_view(y, {2, 2}, {3, 1}, 1));
  CHECK(vals(y) == V{1, 2, 2, 4, 5, 5});

  CHECK(vals(index_fill(z, 1, L({0, -1}), 7)) == V{7, 0, 0, 7, 7, 0, 0, 7, 7, 0, 0, 7});
  CHECK(vals(index_fill(z, 1, L({0, 1}), F({7}, {}))) == V{7, 7, 0, 0, 7, 7, 0, 0, 7, 7, 0, 0});
  CHECK(vals(index_fill(zeros_f({3, 4}, DType::Int64), 1, L({0, 1}), 7.5)) == V{7, 7, 0, 0, 7, 7, 0, 0, 7, 7, 0, 0});
  CHECK(vals(index_fill(zeros_f({3, 4}, DType::Bool), 1, L({0, 1}), 2)) == V{1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0});
  CHECK(vals(index_fill(F({0}, {}), 0, L({0}), 3)) == V{3});
  CHECK_ERR(index_fill(z, 1, L({0, 4}), 7), ErrorKind::Index, "index 4 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(index_fill(z, 1, L({0, -5}), 7), ErrorKind::Index, "index -5 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(index_fill(z, 1, L({0, 1}), F({7})), ErrorKind::Runtime,
            "index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).");
  CHECK_ERR(index_fill(z, 1, I32({0, 1}), 7), ErrorKind::Index, "index_fill_(): Expected dtype int64 for index.");
  CHECK_ERR(index_fill(z, 1, L({0, 1}, {1, 2}), 7), ErrorKind::Runtime, "Index has to be a vector/scalar");
  CHECK(vals(z) == V(12, 0));
}

TEST_CASE("gather family: large inputs on the parallel paths") {
  const int64_t n = 2048, d = 96;
  Tensor x = arange_f({n, d});
  std::vector<int64_t> rows(1024);
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = int64_t((i * 131) % n);
  Tensor sel = index_select(x, 0, L(rows));
  auto sv = vals(sel);
  bool ok = true;
  for (size_t i = 0; i < rows.size(); ++i)
    for (int64_t j = 0; j < d; ++j) ok &= sv[i * d + size_t(j)] == double(rows[i] * d + j);
  CHECK(ok);
  // gather along dim 1 with a full-size index: out[i][j] = x[i][(i + 5 j) % d].
  std::vector<int64_t> g(size_t(n * d));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < d; ++j) g[size_t(i * d + j)] = (i + 5 * j) % d;
  Tensor gi = L(g, {n, d});
  auto gv = vals(gather(x, 1, gi));
  ok = true;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < d; ++j) ok &= gv[size_t(i * d + j)] == double(i * d + (i + 5 * j) % d);
  CHECK(ok);
  // scatter_add along dim 1 (parallel over rows): every row sums into 3 columns.
  std::vector<int64_t> si(size_t(n * d));
  for (size_t k = 0; k < si.size(); ++k) si[k] = int64_t(k % 3);
  Tensor acc = scatter_add(zeros_f({n, d}), 1, L(si, {n, d}), x);
  auto av = vals(acc);
  ok = true;
  for (int64_t i = 0; i < n; ++i) {
    double want[3] = {0, 0, 0};
    for (int64_t j = 0; j < d; ++j) want[size_t((i * d + j) % 3)] += double(i * d + j);
    for (int c = 0; c < 3; ++c) ok &= av[size_t(i * d + c)] == want[c];
    ok &= av[size_t(i * d + 3)] == 0;
  }
  CHECK(ok);
  // The parallel validation pass still reports the first bad index in row-major order.
  g[size_t(n * d - 1)] = d;
  g[size_t(n * d - 2)] = -7;
  CHECK_ERR(gather(x, 1, L(g, {n, d})), ErrorKind::Runtime, "index -7 is out of bounds for dimension 1 with size 96");
  std::vector<int64_t> t(50000, 3);
  t[40000] = -int64_t(n * d) - 1;
  CHECK_ERR(take(x, L(t)), ErrorKind::Index, "out of range: tried to access index -196609 on a tensor of 196608 elements.");
}
