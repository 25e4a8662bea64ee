// Python indexing (x[...] reads and writes), aten::index / index_put_, nonzero and the masked
// ops. Expected values, shapes, strides and messages come from PyTorch 1.13 (/usr/bin/python3).
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "test_util.h"
#include "ops/ops.h"
#include "ops/registry.h"

using namespace ts;
using namespace ts::test;
using V = std::vector<double>;
using S = std::vector<int64_t>;

namespace {
Tensor x234() { return arange_f({2, 3, 4}); }
// A view's geometry: sizes, strides, storage offset.
void check_view(const Tensor& v, const Tensor& base, S sizes, S st, int64_t offset) {
  CHECK(shape(v) == sizes);
  CHECK(strides(v) == st);
  CHECK(v.storage_offset() == offset);
  CHECK(v.impl()->storage() == base.impl()->storage());
}
}  // namespace

TEST_CASE("index: basic indexing gives views with PyTorch's geometry") {
  Tensor x = x234();
  check_view(ts::index(x, {1}), x, {3, 4}, {4, 1}, 12);
  check_view(ts::index(x, {-1}), x, {3, 4}, {4, 1}, 12);
  check_view(ts::index(x, {0, 1}), x, {4}, {1}, 4);
  check_view(ts::index(x, {Slice{}, 1}), x, {2, 4}, {12, 1}, 4);
  check_view(ts::index(x, {kEllipsis, 1}), x, {2, 3}, {12, 4}, 1);
  check_view(ts::index(x, {kNone}), x, {1, 2, 3, 4}, {24, 12, 4, 1}, 0);
  check_view(ts::index(x, {Slice{}, kNone, 1}), x, {2, 1, 4}, {12, 12, 1}, 4);
  check_view(ts::index(x, {kEllipsis, std::nullopt}), x, {2, 3, 4, 1}, {12, 4, 1, 1}, 0);
  check_view(ts::index(x, {1, kEllipsis, kNone}), x, {3, 4, 1}, {4, 1, 1}, 12);
  check_view(ts::index(x, {Slice{{}, {}, 2}}), x, {1, 3, 4}, {24, 4, 1}, 0);
  check_view(ts::index(x, {Slice{}, Slice{0, 0}}), x, {2, 0, 4}, {12, 4, 1}, 0);
  check_view(ts::index(x, {Slice{}, Slice{5}}), x, {2, 0, 4}, {12, 4, 1}, 12);
  check_view(ts::index(x, {Slice{}, Slice{-5, 2}}), x, {2, 2, 4}, {12, 4, 1}, 0);
  check_view(ts::index(x, {Slice{}, Slice{2, 1}}), x, {2, 0, 4}, {12, 4, 1}, 8);
  check_view(ts::index(x, {Slice{1}, Slice{1}, Slice{9}}), x, {1, 2, 0}, {12, 4, 1}, 20);
  check_view(ts::index(x, {kEllipsis, kEllipsis}), x, {2, 3, 4}, {12, 4, 1}, 0);
  check_view(ts::index(x, {L0(1)}), x, {3, 4}, {4, 1}, 12);  // a 0-dim long tensor selects
  CHECK(vals(ts::index(x, {kEllipsis, 1})) == V{1, 5, 9, 13, 17, 21});
  CHECK(vals(ts::index(x, {0, 1, 2, kNone, kNone})) == V{6});
  CHECK(shape(ts::index(x, {0, 1, 2, kNone, kNone})) == S{1, 1});
  CHECK(!ts::index(x, {kEllipsis}).is_same(x));  // x[...] is an alias, not x itself
}

TEST_CASE("index: writing through a basic view changes the base") {
  Tensor x = x234();
  ts::index(x, {1, Slice{1, 3}}).fill_(-1);
  V want = vals(x234());
  for (int i = 16; i < 24; ++i) want[size_t(i)] = -1;
  CHECK(vals(x) == want);
}

TEST_CASE("index: basic indexing errors match PyTorch") {
  Tensor x = x234();
  CHECK_ERR(ts::index(x, {2}), ErrorKind::Index, "index 2 is out of bounds for dimension 0 with size 2");
  CHECK_ERR(ts::index(x, {-3}), ErrorKind::Index, "index -3 is out of bounds for dimension 0 with size 2");
  CHECK_ERR(ts::index(x, {0, 0, 0, 0}), ErrorKind::Index, "too many indices for tensor of dimension 3");
  CHECK_ERR(ts::index(x, {Slice{}, Slice{{}, {}, -1}}), ErrorKind::Value, "step must be greater than zero");
  CHECK_ERR(ts::index(x, {Slice{{}, {}, 0}}), ErrorKind::Value, "slice step cannot be zero");
  CHECK_ERR(ts::index(x, {kNone, 5}), ErrorKind::Index, "index 5 is out of bounds for dimension 1 with size 2");
  CHECK_ERR(ts::index(x, {kEllipsis, 7}), ErrorKind::Index, "index 7 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(ts::index(x, {0, kNone, 9}), ErrorKind::Index, "index 9 is out of bounds for dimension 2 with size 3");
  CHECK_ERR(ts::index(x, {L0(0), L0(9)}), ErrorKind::Index, "index 9 is out of bounds for dimension 1 with size 3");
  Tensor z = F({5}, {});
  CHECK_ERR(ts::index(z, {0}), ErrorKind::Index,
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
            "convert a 0-dim tensor to a number");
  CHECK_ERR(ts::index(z, {1}), ErrorKind::Index, "index 1 is out of bounds for dimension 0 with size 0");
  CHECK_ERR(ts::index(z, {Slice{}}), ErrorKind::Index, "slice() cannot be applied to a 0-dim tensor.");
  CHECK_ERR(ts::index(z, {L({0})}), ErrorKind::Index, "too many indices for tensor of dimension 0");
  CHECK_ERR(ts::index(z, {L0(1)}), ErrorKind::Index, "too many indices for tensor of dimension 0");
}

TEST_CASE("index: 0-dim tensors") {
  Tensor z = F({5}, {});
  CHECK(shape(ts::index(z, {kNone})) == S{1});
  CHECK(shape(ts::index(z, {kEllipsis})) == S{});
  CHECK(vals(ts::index(z, {true})) == V{5});
  CHECK(shape(ts::index(z, {false})) == S{0});
  CHECK(vals(ts::index(z, {B({1}, {})})) == V{5});
  CHECK(shape(ts::index(z, {B({0}, {})})) == S{0});
  CHECK(shape(ts::index(z, {kNone, kNone, kEllipsis, kNone})) == S{1, 1, 1});
}

TEST_CASE("index: advanced indexing values and shapes") {
  Tensor x = x234();
  Tensor r = ts::index(x, {L({0, 1, 1})});
  CHECK(shape(r) == S{3, 3, 4});
  CHECK(r.impl()->storage() != x.impl()->storage());  // a copy
  V want;
  for (int b : {0, 1, 1})
    for (int i = 0; i < 12; ++i) want.push_back(b * 12 + i);
  CHECK(vals(r) == want);
  auto chk = [&](std::vector<TensorIndex> idx, S sz, V v) {
    Tensor t = ts::index(x, idx);
    CHECK(shape(t) == sz);
    CHECK(vals(t) == v);
  };
  chk({L({0, 1, 1}), Slice{}, L({3, 0, 1})}, {3, 3}, {3, 7, 11, 12, 16, 20, 13, 17, 21});
  chk({Slice{}, L({0, 2}), L({1, 3})}, {2, 2}, {1, 11, 13, 23});
  chk({L({0, 1}), Slice{}, L({1, 3})}, {2, 3}, {1, 5, 9, 15, 19, 23});
  chk({L({0, 1}), 1, L({1, 3})}, {2}, {5, 19});
  chk({Slice{}, L({0, 2, 1, 1}, {2, 2})}, {2, 2, 2, 4},
      {0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 16, 17, 18, 19, 16, 17, 18, 19});
  chk({L({0, 1}), L({0, 1}, {2, 1})}, {2, 2, 4}, {0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19});
  chk({kEllipsis, L({0, 1}), kNone}, {2, 3, 2, 1}, {0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21});
  chk({kNone, L({0, 1}), kNone, L({1, 2})}, {2, 1, 1, 4}, {4, 5, 6, 7, 20, 21, 22, 23});
  chk({L({}, {0})}, {0, 3, 4}, {});
  chk({Slice{1}, L({0, 2}), Slice{1, 3}}, {1, 2, 2}, {13, 14, 21, 22});
  chk({L({0, 1}), kEllipsis, L({0, 1})}, {2, 3}, {0, 4, 8, 13, 17, 21});
  chk({L({1}), 0}, {1, 4}, {12, 13, 14, 15});
  chk({L0(1), L({0, 1})}, {2, 4}, {12, 13, 14, 15, 16, 17, 18, 19});
  chk({0, L({0, 1}), L0(2)}, {2}, {2, 6});
  chk({L({-1})}, {1, 3, 4}, vals(ts::index(x, {Slice{1}})));
  chk({B({1, 0, 1, 1, 1, 1}, {2, 3})}, {5, 4}, {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23});
  chk({B({1, 0})}, {1, 3, 4}, vals(ts::index(x, {0})));
  chk({true}, {1, 2, 3, 4}, vals(x));
  chk({false}, {0, 2, 3, 4}, {});
  chk({1, true}, {1, 3, 4}, vals(ts::index(x, {1})));
  chk({B({1}, {})}, {1, 2, 3, 4}, vals(x));
  chk({make(std::vector<int>{1}, {}, DType::UInt8)}, {1, 2, 3, 4}, vals(x));
}

TEST_CASE("index: boolean masks") {
  Tensor x = x234();
  std::vector<int> m(24);
  for (int i = 0; i < 24; ++i) m[size_t(i)] = i > 10;
  Tensor r = ts::index(x, {B(m, {2, 3, 4})});
  CHECK(shape(r) == S{13});
  CHECK(vals(r) == V{11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23});
  Tensor m2 = B({0, 0, 1, 1, 1, 1}, {2, 3});  // x[:, :, 0] > 5
  CHECK(vals(ts::index(x, {m2})) == V{8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23});
  Tensor m1 = B({0, 1, 1});  // x[0, :, 0] > 1
  CHECK(vals(ts::index(x, {1, m1})) == V{16, 17, 18, 19, 20, 21, 22, 23});
  Tensor s = ts::index(x, {Slice{}, m1});
  CHECK(shape(s) == S{2, 2, 4});
  CHECK(vals(s) == V{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23});
  CHECK(shape(ts::index(x, {B(std::vector<int>(24, 0), {2, 3, 4})})) == S{0});
}

TEST_CASE("index: non-contiguous sources and the aten op with None entries") {
  Tensor y = arange_f({2, 3});
  Tensor yt = make_view(y, {3, 2}, {1, 3}, 0);  // y.t()
  CHECK(vals(ts::index(yt, {L({0, 2})})) == V{0, 3, 2, 5});
  CHECK(vals(ts::index(yt, {Slice{}, L({1})})) == V{3, 4, 5});
  Tensor a = arange_f({3, 4});
  Tensor as = make_view(a, {3, 2}, {4, 2}, 0);  // a[:, ::2]
  CHECK(vals(ts::index(as, {L({0, 2}), L({1, 0})})) == V{2, 8});
  CHECK(vals(index_tensor(y, {Tensor(), L({2, 0})})) == V{2, 0, 5, 3});
  CHECK(shape(index_tensor(y, {L({1}), Tensor()})) == S{1, 3});
  CHECK(vals(index_tensor(y, {L0(1)})) == V{3, 4, 5});
  CHECK(vals(index_tensor(y, {L({0, 1, 1, 1}, {2, 2}), L({2})})) == V{2, 5, 5, 5});
  CHECK(vals(index_tensor(y, {B({0, 1, 1, 0, 0, 1}, {2, 3})})) == V{1, 2, 5});
  CHECK(shape(ts::index(zeros_f({2, 0}), {L({1, 1, 0})})) == S{3, 0});
  CHECK(shape(ts::index(zeros_f({0, 3}), {Slice{}, L({5})})) == S{0, 1});  // empty: nothing checked
  CHECK(shape(ts::index(y, {L({}, {0}), L({}, {0})})) == S{0});
  CHECK(shape(ts::index(y, {L({}, {1, 0})})) == S{1, 0, 3});
  // Through the registry, with a None in Tensor?[].
  Stack out = ops::call("index", {IValue(y), IValue::list({IValue(), IValue(L({2, 0}))})});
  CHECK(vals(out.at(0).to_tensor()) == V{2, 0, 5, 3});
}

TEST_CASE("index: advanced indexing errors match PyTorch") {
  Tensor x = x234();
  const char* kTypes = "tensors used as indices must be long, byte or bool tensors";
  CHECK_ERR(ts::index(x, {I32({0, 1})}), ErrorKind::Index, kTypes);
  CHECK_ERR(ts::index(x, {F({0})}), ErrorKind::Index, kTypes);
  CHECK_ERR(ts::index(x, {make(std::vector<int>{0, 1}, {2}, DType::Int16)}), ErrorKind::Index, kTypes);
  CHECK_ERR(ts::index(x, {L({5})}), ErrorKind::Index, "index 5 is out of bounds for dimension 0 with size 2");
  CHECK_ERR(ts::index(x, {Slice{}, L({5})}), ErrorKind::Index, "index 5 is out of bounds for dimension 0 with size 3");
  CHECK_ERR(ts::index(x, {Slice{}, L({0}), L({4})}), ErrorKind::Index,
            "index 4 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(ts::index(x, {L({-3})}), ErrorKind::Index, "index -3 is out of bounds for dimension 0 with size 2");
  CHECK_ERR(ts::index(x, {B({1, 0, 1})}), ErrorKind::Index,
            "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 0");
  CHECK_ERR(ts::index(x, {Slice{}, B({1, 0})}), ErrorKind::Index,
            "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 1");
  CHECK_ERR(ts::index(x, {B({0, 0, 1, 1, 1, 1}, {2, 3}), Slice{1, 3}}), ErrorKind::Index,
            "The shape of the mask [2, 3] at index 1 does not match the shape of the indexed tensor [2, 2, 4] at index 1");
  CHECK_ERR(ts::index(x, {L({0, 1}), L({0, 1, 2})}), ErrorKind::Index,
            "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]");
  CHECK_ERR(ts::index(zeros_f({0}), {L({0})}), ErrorKind::Index, "index is out of bounds for dimension with size 0");
  CHECK_ERR(ts::index(zeros_f({2, 0}), {Slice{}, L({0})}), ErrorKind::Index,
            "index is out of bounds for dimension with size 0");
  // With several index tensors PyTorch meets the values position by position.
  Tensor z44 = zeros_f({4, 4});
  CHECK_ERR(ts::index(z44, {L({0, 5}), L({5, 0})}), ErrorKind::Index, "index 5 is out of bounds for dimension 1 with size 4");
  CHECK_ERR(ts::index(z44, {L({0, 5}), L({1, 0})}), ErrorKind::Index, "index 5 is out of bounds for dimension 0 with size 4");
  CHECK_ERR(ts::index(z44, {L({0, 5}, {2, 1}), L({1, 7})}), ErrorKind::Index,
            "index 7 is out of bounds for dimension 1 with size 4");
  // The size-0 check looks at the broadcast indices: an empty broadcast passes.
  CHECK(shape(ts::index(zeros_f({2, 0}), {L({}, {0}), L({0})})) == S{0});
  Tensor y = arange_f({2, 3});
  CHECK_ERR(index_tensor(y, {L({1, 0}), L({0, 1}), L({0})}), ErrorKind::Index,
            "too many indices for tensor of dimension 2 (got 3)");
  CHECK_ERR(index_tensor(y, {B({1, 0, 1, 0, 1, 1}, {2, 3}), L({0})}), ErrorKind::Index,
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_CASE("index_set_: basic writes copy with broadcasting and conversion") {
  Tensor x = x234();
  index_set_(x, {0}, Scalar(5));
  V want = vals(x234());
  for (int i = 0; i < 12; ++i) want[size_t(i)] = 5;
  CHECK(vals(x) == want);

  x = x234();
  index_set_(x, {0, Slice{1, 3}}, F({1, 2, 3, 4}));
  CHECK(vals(ts::index(x, {0})) == V{0, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4});
  CHECK_ERR(index_set_(x, {0, Slice{1, 3}}, F({1, 2, 3})), ErrorKind::Runtime,
            "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  "
            "Target sizes: [2, 4].  Tensor sizes: [3]");

  Tensor y = zeros_f({5});
  index_set_(y, {Slice{1, 3}}, L({1, 2}));
  CHECK(vals(y) == V{0, 1, 2, 0, 0});
  index_set_(y, {kEllipsis}, Scalar(3));
  CHECK(vals(y) == V{3, 3, 3, 3, 3});
  index_set_(y, {kNone}, F({1, 2, 3, 4, 5}));
  CHECK(vals(y) == V{1, 2, 3, 4, 5});
  index_set_(y, {false}, Scalar(9));
  CHECK(vals(y) == V{1, 2, 3, 4, 5});
  index_set_(y, {true}, Scalar(9));
  CHECK(vals(y) == V{9, 9, 9, 9, 9});

  Tensor y3 = zeros_f({3});
  index_set_(y3, {Slice{1}}, F({5, 6}, {1, 2}));  // leading 1s are dropped
  CHECK(vals(y3) == V{0, 5, 6});
  index_set_(y3, {0}, F({7}));
  CHECK(vals(y3) == V{7, 5, 6});
  CHECK_ERR(index_set_(y3, {Slice{1}}, F({5, 6}, {2, 1})), ErrorKind::Runtime,
            "expand(torch.FloatTensor{[2, 1]}, size=[2]): the number of sizes provided (1) must be greater or equal "
            "to the number of dimensions in the tensor (2)");
  CHECK_ERR(index_set_(y3, {0}, F({5, 6})), ErrorKind::Runtime,
            "expand(torch.FloatTensor{[2]}, size=[]): the number of sizes provided (0) must be greater or equal to "
            "the number of dimensions in the tensor (1)");
  Tensor a = arange_f({5});
  CHECK_ERR(index_set_(a, {Slice{1, 3}}, ts::index(a, {Slice{0, 2}})), ErrorKind::Runtime,
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
            "memory location. Please clone() the tensor before performing the operation.");
  Tensor x2 = x234();
  index_set_(x2, {1}, ts::index(x2, {0}));
  CHECK(vals(ts::index(x2, {1})) == vals(ts::index(x234(), {0})));
}

TEST_CASE("index_set_: advanced writes") {
  Tensor x = x234();
  std::vector<int> m(24);
  for (int i = 0; i < 24; ++i) m[size_t(i)] = i > 20;
  Tensor mask = B(m, {2, 3, 4});
  index_set_(x, {mask}, Scalar(0));
  V want = vals(x234());
  want[21] = want[22] = want[23] = 0;
  CHECK(vals(x) == want);
  index_set_(x, {mask}, F({1, 2, 3}));
  want[21] = 1, want[22] = 2, want[23] = 3;
  CHECK(vals(x) == want);
  CHECK_ERR(index_set_(x, {mask}, F({1, 2})), ErrorKind::Runtime,
            "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result of shape [3]");

  x = x234();
  index_set_(x, {Slice{}, L({0, 2}), L({1, 3})}, F({1, 2, 3, 4}, {2, 2}));
  CHECK(vals(x) == V{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 2, 12, 3, 14, 15, 16, 17, 18, 19, 20, 21, 22, 4});
  x = x234();
  index_set_(x, {L({0, 1}), Slice{}, L({1, 3})}, F({1, 2, 3}));
  CHECK(vals(x) == V{0, 1, 2, 3, 4, 2, 6, 7, 8, 3, 10, 11, 12, 13, 14, 1, 16, 17, 18, 2, 20, 21, 22, 3});
  x = x234();
  index_set_(x, {L({0, 1}), Slice{}, L({1, 3})}, F({1, 2}, {2, 1}));
  CHECK(vals(x) == V{0, 1, 2, 3, 4, 1, 6, 7, 8, 1, 10, 11, 12, 13, 14, 2, 16, 17, 18, 2, 20, 21, 22, 2});
  x = x234();
  index_set_(x, {B({1, 0}), 1}, Scalar(9));
  CHECK(vals(ts::index(x, {0})) == V{0, 1, 2, 3, 9, 9, 9, 9, 8, 9, 10, 11});

  Tensor y = zeros_f({5});
  index_set_(y, {L({1, 3})}, Scalar(7));
  CHECK(vals(y) == V{0, 7, 0, 7, 0});
  index_set_(y, {B({1, 0, 1, 0, 1})}, F({1, 2, 3}));
  CHECK(vals(y) == V{1, 7, 2, 7, 3});
  index_set_(y, {L({0, 1})}, F({5}, {}));
  CHECK(vals(y) == V{5, 5, 2, 7, 3});
  index_set_(y, {L({0, 1})}, F({5, 6}, {1, 2}));
  CHECK(vals(y) == V{5, 6, 2, 7, 3});
  CHECK_ERR(index_set_(y, {L({0, 1})}, F({5, 6}, {1, 2, 1})), ErrorKind::Runtime,
            "shape mismatch: value tensor of shape [2, 1] cannot be broadcast to indexing result of shape [2]");
  CHECK_ERR(index_set_(y, {L({1, -1})}, L({7, 8})), ErrorKind::Runtime,
            "Index put requires the source and destination dtypes match, got Float for the destination and Long for "
            "the source.");
  CHECK_ERR(index_set_(y, {L({7})}, Scalar(1)), ErrorKind::Index, "index 7 is out of bounds for dimension 0 with size 5");
  CHECK_ERR(index_set_(y, {I32({0, 1})}, Scalar(1)), ErrorKind::Index,
            "tensors used as indices must be long, byte or bool tensors");
  CHECK_ERR(index_set_(y, {L({0, 1})}, ts::index(y, {Slice{2, 4}})), ErrorKind::Runtime,
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
            "memory location. Please clone() the tensor before performing the operation.");

  Tensor yi = zeros_f({5}, DType::Int64);
  index_set_(yi, {L({1, 3})}, Scalar(2.7));  // a number converts to the tensor's dtype
  CHECK(vals(yi) == V{0, 2, 0, 2, 0});
  CHECK_ERR(index_set_(yi, {L({1, 3})}, F({2.7, 3.5})), ErrorKind::Runtime,
            "Index put requires the source and destination dtypes match, got Long for the destination and Float for "
            "the source.");
}

TEST_CASE("index_set_: a one-element value with one mask goes through masked_fill") {
  Tensor y = zeros_f({4});
  index_set_(y, {B({1, 1, 1, 1})}, L({5}, {}));  // long 0-dim into float: allowed on this path
  CHECK(vals(y) == V{5, 5, 5, 5});
  index_set_(y, {B({1, 0, 1, 0})}, L({6}));
  CHECK(vals(y) == V{6, 5, 6, 5});
  Tensor yl = zeros_f({4}, DType::Int64);
  index_set_(yl, {B({1, 1, 1, 1})}, F({5.7}, {}));
  CHECK(vals(yl) == V{5, 5, 5, 5});
  Tensor y2 = zeros_f({2, 2});
  index_set_(y2, {B({1, 0, 1, 1}, {2, 2})}, make(std::vector<double>{3.5}, {}, DType::Float64));
  CHECK(vals(y2) == V{3.5, 0, 3.5, 3.5});
  index_set_(y2, {B({1, 0}), B({1, 0})}, Scalar(3));
  CHECK(vals(y2) == V{3, 0, 3.5, 3.5});
  CHECK_ERR(index_set_(y2, {L({1, 1}), 0}, L({5})), ErrorKind::Runtime,
            "Index put requires the source and destination dtypes match, got Float for the destination and Long for "
            "the source.");
  CHECK_ERR(index_put_(y, {B({1, 1, 1, 1})}, L({5}, {}), true), ErrorKind::Runtime,
            "Index put requires the source and destination dtypes match, got Float for the destination and Long for "
            "the source.");
  CHECK_ERR(index_set_(y2, {B({1, 0, 1})}, Scalar(3)), ErrorKind::Index,
            "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 2] at index 0");
  Tensor z = F({5}, {});
  index_set_(z, {B({1}, {})}, Scalar(3));
  CHECK(vals(z) == V{3});
  index_set_(z, {kEllipsis}, F({7}, {}));
  CHECK(vals(z) == V{7});
  index_set_(z, {kNone}, F({8}));
  CHECK(vals(z) == V{8});
}

TEST_CASE("index_put_: repeated indices, accumulate, and x[i] += v") {
  // x[idx] = v with repeats keeps the last write; accumulate=True sums; += reads, adds, writes.
  Tensor y = zeros_f({5});
  index_set_(y, {L({0, 0, 0})}, F({1, 2, 3}));
  CHECK(vals(y) == V{3, 0, 0, 0, 0});
  y = zeros_f({5});
  index_augassign_(y, {L({0, 0, 0})}, [&](const Tensor& t) { return add_(t, F({1, 2, 3})); });
  CHECK(vals(y) == V{3, 0, 0, 0, 0});
  y = zeros_f({5});
  index_put_(y, {L({0, 0, 0})}, F({1, 2, 3}), true);
  CHECK(vals(y) == V{6, 0, 0, 0, 0});
  y = zeros_f({5});
  index_set_(y, {L({0, 1, 1, 0}, {2, 2})}, F({1, 2, 3, 4}, {2, 2}));
  CHECK(vals(y) == V{4, 3, 0, 0, 0});
  Tensor yi = zeros_f({5}, DType::Int64);
  index_augassign_(yi, {L({0, 0})}, [&](const Tensor& t) { return add_(t, L({1, 2})); });
  CHECK(vals(yi) == V{2, 0, 0, 0, 0});
  Tensor x = x234();
  index_augassign_(x, {1, L({1, 2})}, [&](const Tensor& t) { return add_(t, F({10}, {})); });
  V want = vals(x234());
  for (int i = 16; i < 24; ++i) want[size_t(i)] += 10;
  CHECK(vals(x) == want);
  x = x234();  // basic indexing: the in-place op writes through the view
  index_augassign_(x, {0, Slice{1}}, [&](const Tensor& t) { return add_(t, F({1}, {})); });
  CHECK(vals(ts::index(x, {0})) == V{0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12});

  Tensor a = arange_f({2, 3});
  index_put_(a, {L({1, 1}), L({2, 2})}, F({1, 5}), true);
  CHECK(vals(a) == V{0, 1, 2, 3, 4, 11});
  CHECK_ERR(index_put_(zeros_f({5}), {L({0, 5})}, F({1, 2}), true), ErrorKind::Index,
            "index 5 is out of bounds for dimension 0 with size 5");
  CHECK_ERR(index_put_(zeros_f({5}), {L({0, 1}), L({0})}, F({1, 2})), ErrorKind::Index,
            "too many indices for tensor of dimension 1 (got 2)");
  Tensor b = arange_f({2, 3});
  Tensor c = index_put(b, {Tensor(), L({2, 0})}, F({1}, {}));
  CHECK(vals(c) == V{1, 1, 1, 1, 4, 1});
  CHECK(vals(b) == V{0, 1, 2, 3, 4, 5});  // out-of-place leaves self alone
  Stack out = ops::call("index_put_", {IValue(b), IValue::list({IValue(), IValue(L({2, 0}))}), IValue(F({1}, {}))});
  CHECK(out.at(0).to_tensor().is_same(b));
  CHECK(vals(b) == V{1, 1, 1, 1, 4, 1});
}

TEST_CASE("index: large inputs take the parallel paths and keep PyTorch's results") {
  const int64_t rows = 16384, cols = 64;
  Tensor x = arange_f({rows, cols});
  std::vector<int64_t> idx(2000);
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = int64_t((i * 7919) % rows) - (i % 3 == 0 ? rows : 0);
  Tensor r = ts::index(x, {L(idx)});
  REQUIRE(shape(r) == S{2000, cols});
  auto rv = vals(r);
  bool ok = true;
  for (size_t i = 0; i < idx.size(); ++i) {
    int64_t row = idx[i] < 0 ? idx[i] + rows : idx[i];
    for (int64_t j = 0; j < cols; ++j) ok &= rv[i * cols + size_t(j)] == double(row * cols + j);
  }
  CHECK(ok);
  idx.back() = rows;  // one bad index at the very end is still found, with its value
  CHECK_ERR(ts::index(x, {L(idx)}), ErrorKind::Index, "index 16384 is out of bounds for dimension 0 with size 16384");
  // A column gather and a scattered write over all rows.
  Tensor col = ts::index(x, {Slice{}, L({63, 0})});
  auto cv = vals(col);
  CHECK(cv[2 * 100] == 100 * 64 + 63);
  CHECK(cv[2 * 100 + 1] == 100 * 64);
  index_set_(x, {Slice{}, L({5, 5})}, F({-1, -2}));
  auto xv = vals(x);
  bool all = true;
  for (int64_t i = 0; i < rows; ++i) all &= xv[size_t(i * cols + 5)] == -2;
  CHECK(all);
}

TEST_CASE("nonzero and argwhere") {
  Tensor x = F({0, 1, 0, 2, 0, 3}, {2, 3});
  Tensor nz = nonzero(x);
  CHECK(shape(nz) == S{3, 2});
  CHECK(strides(nz) == S{1, 3});
  CHECK(nz.dtype() == DType::Int64);
  CHECK(vals(nz) == V{0, 1, 1, 0, 1, 2});
  CHECK(vals(argwhere(x)) == V{0, 1, 1, 0, 1, 2});
  CHECK(shape(nonzero(F({3}, {}))) == S{1, 0});
  CHECK(shape(nonzero(F({0}, {}))) == S{0, 0});
  CHECK(strides(nonzero(F({0}, {}))) == S{1, 0});
  CHECK(shape(nonzero(zeros_f({2, 0}))) == S{0, 2});
  CHECK(vals(nonzero(B({1, 0, 1}))) == V{0, 2});
  CHECK(vals(nonzero(F({std::nan(""), 0.0, -0.0}))) == V{0});
  CHECK(vals(nonzero(make(std::vector<double>{1e-300, 0}, {2}, DType::Float64))) == V{0});
  auto cols = nonzero_numpy(x);
  REQUIRE(cols.size() == 2);
  CHECK(vals(cols[0]) == V{0, 1, 1});
  CHECK(vals(cols[1]) == V{1, 0, 2});
  Tensor t = make_view(arange_f({3, 4}), {4, 3}, {1, 4}, 0);  // transposed: row-major order of the view
  CHECK(vals(nonzero(t)) == vals(nonzero(t.contiguous())));
  CHECK_ERR(nonzero_out(x, zeros_f({2}, DType::Float64)), ErrorKind::Runtime,
            "nonzero: Expected out tensor to have scalar type Long but got scalar typeDouble");
  // Large: the chunked parallel count must give the same order.
  std::vector<double> big(100000);
  for (size_t i = 0; i < big.size(); ++i) big[i] = (i % 7 == 0) ? 1.0 : 0.0;
  Tensor bn = nonzero(F(big, {1000, 100}));
  auto bv = vals(bn);
  REQUIRE(bn.sizes()[0] == 14286);
  bool ok = true;
  for (int64_t k = 0; k < 14286; ++k) {
    int64_t flat_i = k * 7;
    ok &= bv[size_t(2 * k)] == double(flat_i / 100) && bv[size_t(2 * k + 1)] == double(flat_i % 100);
  }
  CHECK(ok);
}

TEST_CASE("masked_select and masked_scatter") {
  Tensor x = arange_f({2, 3});
  CHECK(vals(masked_select(x, B({0, 0, 0, 1, 1, 1}, {2, 3}))) == V{3, 4, 5});
  CHECK(vals(masked_select(x, B({1, 0, 1}))) == V{0, 2, 3, 5});
  CHECK(vals(masked_select(arange_f({3}), B({1, 0, 1, 0, 0, 1}, {2, 3}))) == V{0, 2, 2});
  CHECK(vals(masked_select(x, make(std::vector<int>{1, 0, 1}, {3}, DType::UInt8))) == V{0, 2, 3, 5});
  CHECK(vals(masked_select(F({5}, {}), B({1}, {}))) == V{5});
  CHECK_ERR(masked_select(x, B({1, 0})), ErrorKind::Runtime,
            "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1");
  CHECK_ERR(masked_select(x, L({1, 0, 1})), ErrorKind::Runtime, "masked_select: expected BoolTensor or ByteTensor for mask");
  CHECK_ERR(masked_select_out(x, B({1, 0, 1}), zeros_f({1}, DType::Float64)), ErrorKind::Runtime,
            "masked_select(): self and result must have the same scalar type");

  Tensor m = B({0, 0, 0, 1, 1, 1}, {2, 3});
  CHECK(vals(masked_scatter(x, m, F({10, 20, 30, 40}))) == V{0, 1, 2, 10, 20, 30});
  CHECK(vals(masked_scatter(x, m, F({10, 20, 30, 40}, {2, 2}))) == V{0, 1, 2, 10, 20, 30});
  CHECK(vals(masked_scatter(x, B({1, 0, 1}), F({10, 20, 30, 40}))) == V{10, 1, 20, 30, 4, 40});
  CHECK(vals(masked_scatter(arange_f({3}), B({1, 0, 1, 1, 0, 1}, {2, 3}), F({10, 20, 30, 40}))) ==
        V{10, 1, 20, 30, 1, 40});
  CHECK(vals(x) == V{0, 1, 2, 3, 4, 5});
  Tensor src_t = make_view(F({1, 2, 3, 4}, {2, 2}), {2, 2}, {1, 2}, 0);  // [[1,2],[3,4]].t()
  Tensor z = zeros_f({3});
  masked_scatter_(z, B({1, 0, 1}), src_t);
  CHECK(vals(z) == V{1, 0, 3});
  CHECK_ERR(masked_scatter(x, m, F({10, 20})), ErrorKind::Runtime, "Number of elements of source < number of ones in mask");
  CHECK_ERR(masked_scatter(x, m, L({10, 20, 30})), ErrorKind::Runtime,
            "masked_scatter: expected self and source to have same dtypes but gotFloat and Long");
  CHECK_ERR(masked_scatter_(arange_f({3}), B({1, 0, 1, 1, 0, 1}, {2, 3}), F({1, 2, 3, 4})), ErrorKind::Runtime,
            "expand(CPUBoolType{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the "
            "number of dimensions in the tensor (2)");
  Tensor y = arange_f({2, 3});  // source aliasing self is read in order, as PyTorch does
  masked_scatter_(y, m, y);
  CHECK(vals(y) == V{0, 1, 2, 0, 1, 2});
}

namespace {

std::optional<int64_t> opt_int(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<int64_t>();
}

std::vector<TensorIndex> golden_index(const nlohmann::json& toks) {
  std::vector<TensorIndex> idx;
  for (const auto& t : toks) {
    std::string k = t["k"];
    if (k == "int") idx.emplace_back(t["v"].get<int64_t>());
    else if (k == "slice") idx.emplace_back(Slice(opt_int(t["start"]), opt_int(t["stop"]), opt_int(t["step"])));
    else if (k == "none") idx.emplace_back(kNone);
    else if (k == "ellipsis") idx.emplace_back(kEllipsis);
    else if (k == "bool") idx.emplace_back(t["v"].get<bool>());
    else if (k == "long") idx.emplace_back(L(t["v"].get<std::vector<int64_t>>(), t["shape"].get<std::vector<int64_t>>()));
    else idx.emplace_back(make(t["v"].get<std::vector<int>>(), t["shape"].get<std::vector<int64_t>>(), DType::Bool));
  }
  return idx;
}

const char* kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::Index: return "IndexError";
    case ErrorKind::Value: return "ValueError";
    case ErrorKind::Type: return "TypeError";
    default: return "RuntimeError";
  }
}

}  // namespace

TEST_CASE("index: random get/set/+= cases against PyTorch (tests/golden/index.json)") {
  const auto& golden = golden_json("index.json");
  int checked = 0;
  for (const auto& c : golden["cases"]) {
    const std::string mode = c["mode"];
    const auto shp = c["shape"].get<std::vector<int64_t>>();
    Tensor x = arange_f(shp);
    std::vector<TensorIndex> idx = golden_index(c["index"]);
    INFO(c.dump());
    std::string got_error;
    std::vector<double> got;
    S got_shape;
    try {
      if (mode == "get") {
        Tensor r = ts::index(x, idx);
        got_shape = shape(r);
        got = vals(r);
      } else {
        S vshape = c.contains("value_shape") ? c["value_shape"].get<S>() : shape(ts::index(x, idx));
        Tensor v = arange_f(vshape);
        v = add(v, F({1000}, {}));
        if (mode == "set") index_set_(x, idx, v);
        else index_augassign_(x, idx, [&](const Tensor& t) { return add_(t, v); });
        got = vals(x);
      }
    } catch (const Error& e) {
      got_error = std::string(kind_name(e.kind())) + ": " + e.what();
    }
    if (c.contains("error")) {
      CHECK(got_error == c["error"]["kind"].get<std::string>() + ": " + c["error"]["message"].get<std::string>());
    } else {
      REQUIRE(got_error.empty());
      if (mode == "get") CHECK(got_shape == c["result_shape"].get<S>());
      auto want = c["values"].get<std::vector<int64_t>>();
      CHECK(got == V(want.begin(), want.end()));
    }
    ++checked;
  }
  CHECK(checked == 1200);
}
