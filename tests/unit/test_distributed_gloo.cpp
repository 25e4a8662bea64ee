// src/distributed/process_group_gloo.h: the gloo backend with world sizes 1 to 4, each rank a
// thread of this process with its own ProcessGroupGloo over one shared HashStore. Results are
// checked against arithmetic (the sum of (rank+1) over n ranks is n(n+1)/2, ...); errors by their
// messages; failures (a peer that never joins, a peer that leaves) by their bounded time.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "distributed/process_group_gloo.h"
#include "test_ranks.h"
#include "test_util.h"

using namespace ts;
using namespace ts::distributed;
using ts::test::error_of;
using ts::test::run_ranks;
using ts::test::vals;

namespace {

using Clock = std::chrono::steady_clock;
using Values = std::vector<double>;

void check_no_errors(const std::vector<std::string>& errors) {
  for (size_t r = 0; r < errors.size(); ++r) CHECK_MESSAGE(errors[r].empty(), "rank ", r, ": ", errors[r]);
}

Tensor filled(IntArrayRef shape, double v, DType dtype = DType::Float32) { return full(shape, v, TensorOptions(dtype)); }

double factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

template <typename T>
std::vector<T> data_of(const Tensor& t) {
  Tensor c = t.contiguous();
  const T* p = static_cast<const T*>(c.data_ptr());
  return std::vector<T>(p, p + c.numel());
}

}  // namespace

TEST_CASE("gloo: allreduce with every ReduceOp, world sizes 1 to 4") {
  for (int n = 1; n <= 4; ++n) {
    CAPTURE(n);
    // got[rank][i]: the values after the i-th allreduce.
    std::vector<std::vector<Values>> got(static_cast<size_t>(n));
    auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
      std::vector<Tensor> ts;
      for (ReduceOp op : {ReduceOp::SUM, ReduceOp::PRODUCT, ReduceOp::MIN, ReduceOp::MAX, ReduceOp::AVG}) {
        ts.push_back(filled({3}, r + 1));
        pg.allreduce(ts.back(), op)->wait();
      }
      for (ReduceOp op : {ReduceOp::BAND, ReduceOp::BOR, ReduceOp::BXOR}) {
        ts.push_back(test::L({5 + 3 * r, 5 + 3 * r}));
        pg.allreduce(ts.back(), op)->wait();
      }
      for (const auto& t : ts) got[size_t(r)].push_back(vals(t));
    });
    check_no_errors(errors);
    int64_t band = ~int64_t(0), bor = 0, bxor = 0;
    for (int r = 0; r < n; ++r) {
      band &= 5 + 3 * r;
      bor |= 5 + 3 * r;
      bxor ^= 5 + 3 * r;
    }
    const double sum = n * (n + 1) / 2.0;
    std::vector<Values> want = {Values(3, sum),      Values(3, factorial(n)), Values(3, 1),
                                Values(3, n),        Values(3, sum / n),      Values(2, double(band)),
                                Values(2, double(bor)), Values(2, double(bxor))};
    for (int r = 0; r < n; ++r) {
      CAPTURE(r);
      if (errors[size_t(r)].empty()) CHECK(got[size_t(r)] == want);
    }
  }
}

TEST_CASE("gloo: float16, bfloat16, float64, int8, int64 and bool reductions") {
  const int n = 3;
  struct Got {
    Values f16_sum, bf16_sum, bf16_max, f16_avg, f64_prod;
    std::vector<int8_t> i8_sum;
    std::vector<int64_t> i64_sum, i64_min;
    Values any, all, x, nan_max, nan_min;
  };
  std::vector<Got> got(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    Got& g = got[size_t(r)];
    Tensor a = filled({4}, 0.5 * (r + 1), DType::Float16);
    pg.allreduce(a, ReduceOp::SUM)->wait();
    g.f16_sum = vals(a);
    Tensor b = filled({4}, 0.25 * (r + 1), DType::BFloat16);
    pg.allreduce(b, ReduceOp::SUM)->wait();
    g.bf16_sum = vals(b);
    Tensor c = test::make<double>({-1.5 * r, 2.0 + r, 7}, {3}, DType::BFloat16);
    pg.allreduce(c, ReduceOp::MAX)->wait();
    g.bf16_max = vals(c);
    Tensor d = filled({2}, r, DType::Float16);
    pg.allreduce(d, ReduceOp::AVG)->wait();
    g.f16_avg = vals(d);
    Tensor e = filled({2}, 1.0 + r, DType::Float64);
    pg.allreduce(e, ReduceOp::PRODUCT)->wait();
    g.f64_prod = vals(e);
    // int8: 100 * 3 wraps to 44 (300 - 256), as int8 arithmetic does.
    Tensor f = test::make<int>({100, -1}, {2}, DType::Int8);
    pg.allreduce(f, ReduceOp::SUM)->wait();
    g.i8_sum = data_of<int8_t>(f);
    // int64 beyond float precision, and a sum that wraps.
    const int64_t big = (int64_t(1) << 61) + 1;
    Tensor h = test::L({big + r, std::numeric_limits<int64_t>::max()});
    pg.allreduce(h, ReduceOp::SUM)->wait();
    g.i64_sum = data_of<int64_t>(h);
    Tensor m = test::L({big - r, -r});
    pg.allreduce(m, ReduceOp::MIN)->wait();
    g.i64_min = data_of<int64_t>(m);
    // bool: only rank 0 holds true in the first element; every rank in the second.
    Tensor p = test::B({r == 0, 1});
    pg.allreduce(p, ReduceOp::SUM)->wait();
    g.any = vals(p);
    Tensor q = test::B({r == 0, 1});
    pg.allreduce(q, ReduceOp::PRODUCT)->wait();
    g.all = vals(q);
    Tensor x = test::B({r == 0, 1});
    pg.allreduce(x, ReduceOp::BXOR)->wait();
    g.x = vals(x);
    // MIN and MAX propagate NaN from any rank, as torch.minimum and torch.maximum do.
    const double nan = std::nan("");
    Tensor mx = test::F({r == 1 ? nan : 1.0, 2.0});
    pg.allreduce(mx, ReduceOp::MAX)->wait();
    g.nan_max = vals(mx);
    Tensor mn = test::make<double>({r == 2 ? nan : 1.0, -2.0}, {2}, DType::Float16);
    pg.allreduce(mn, ReduceOp::MIN)->wait();
    g.nan_min = vals(mn);
  });
  check_no_errors(errors);
  const int64_t big = (int64_t(1) << 61) + 1;
  // The int64 wrap: 3 * (2^63 - 1) = 2^64 + 2^63 - 3 = -3 + 2^63 (mod 2^64) = 2^63 - 3.
  const int64_t wrapped = std::numeric_limits<int64_t>::max() - 2;
  for (int r = 0; r < n; ++r) {
    CAPTURE(r);
    const Got& g = got[size_t(r)];
    CHECK(g.f16_sum == Values(4, 3.0));   // 0.5 + 1 + 1.5, exact in float16
    CHECK(g.bf16_sum == Values(4, 1.5));  // 0.25 + 0.5 + 0.75
    CHECK(g.bf16_max == Values{0.0, 4.0, 7.0});
    CHECK(g.f16_avg == Values(2, 1.0));  // (0 + 1 + 2) / 3
    CHECK(g.f64_prod == Values(2, 6.0));
    CHECK(g.i8_sum == std::vector<int8_t>{44, -3});
    CHECK(g.i64_sum == std::vector<int64_t>{3 * big + 3, wrapped});
    CHECK(g.i64_min == std::vector<int64_t>{big - 2, -2});
    CHECK(g.any == Values{1, 1});
    CHECK(g.all == Values{0, 1});
    CHECK(g.x == Values{1, 1});  // true ^ false ^ false; true ^ true ^ true
    CHECK(std::isnan(g.nan_max[0]));
    CHECK(g.nan_max[1] == 2);
    CHECK(std::isnan(g.nan_min[0]));
    CHECK(g.nan_min[1] == -2);
  }
}

TEST_CASE("gloo: broadcast, reduce, barrier") {
  const int n = 3;
  std::vector<Values> bcast(n), red(n), red_avg(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    Tensor t = r == 1 ? test::F({1, 2, 3}) : filled({3}, -1);
    pg.broadcast(t, 1)->wait();
    bcast[size_t(r)] = vals(t);
    Tensor u = filled({2}, 10.0 * (r + 1));
    pg.reduce(u, 2, ReduceOp::SUM)->wait();
    red[size_t(r)] = vals(u);
    Tensor v = filled({2}, 10.0 * (r + 1));
    pg.reduce(v, 0, ReduceOp::AVG)->wait();
    red_avg[size_t(r)] = vals(v);
    pg.barrier()->wait();
  });
  check_no_errors(errors);
  for (int r = 0; r < n; ++r) {
    CAPTURE(r);
    CHECK(bcast[size_t(r)] == Values{1, 2, 3});
    // The root holds the sum; the other ranks keep their tensor.
    CHECK(red[size_t(r)] == (r == 2 ? Values(2, 60) : Values(2, 10.0 * (r + 1))));
    CHECK(red_avg[size_t(r)] == (r == 0 ? Values(2, 20) : Values(2, 10.0 * (r + 1))));
  }
}

TEST_CASE("gloo: allgather, allgather_into_tensor, gather, scatter") {
  const int n = 3;
  std::vector<std::vector<Values>> ag(n), ga(n);
  std::vector<Values> agt(n), sc(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    // Rank r contributes [10r, 10r + 1].
    Tensor in = test::F({10.0 * r, 10.0 * r + 1});
    std::vector<Tensor> outs;
    for (int i = 0; i < n; ++i) outs.push_back(filled({2}, -1));
    pg.allgather(outs, in)->wait();
    for (auto& t : outs) ag[size_t(r)].push_back(vals(t));
    Tensor flat = filled({n * 2}, -1);
    pg.allgather_into_tensor(flat, in)->wait();
    agt[size_t(r)] = vals(flat);
    std::vector<Tensor> gouts;
    if (r == 1)
      for (int i = 0; i < n; ++i) gouts.push_back(filled({2}, -1));
    pg.gather(gouts, in, 1)->wait();
    for (auto& t : gouts) ga[size_t(r)].push_back(vals(t));
    // Root 2 sends [100 i, 100 i + 1] to rank i.
    std::vector<Tensor> sins;
    if (r == 2)
      for (int i = 0; i < n; ++i) sins.push_back(test::F({100.0 * i, 100.0 * i + 1}));
    Tensor out = filled({2}, -1);
    pg.scatter(out, sins, 2)->wait();
    sc[size_t(r)] = vals(out);
  });
  check_no_errors(errors);
  std::vector<Values> all = {{0, 1}, {10, 11}, {20, 21}};
  for (int r = 0; r < n; ++r) {
    CAPTURE(r);
    CHECK(ag[size_t(r)] == all);
    CHECK(agt[size_t(r)] == Values{0, 1, 10, 11, 20, 21});
    CHECK(ga[size_t(r)] == (r == 1 ? all : std::vector<Values>{}));
    CHECK(sc[size_t(r)] == Values{100.0 * r, 100.0 * r + 1});
  }
}

TEST_CASE("gloo: reduce_scatter and reduce_scatter_tensor") {
  const int n = 4;
  std::vector<Values> rs(n), rst(n), rst_in(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    // inputs[i] on rank r: [i + r, 10 i]; rank i gets the sums over r.
    std::vector<Tensor> ins;
    for (int i = 0; i < n; ++i) ins.push_back(test::F({double(i + r), 10.0 * i}));
    Tensor out = filled({2}, -1);
    pg.reduce_scatter(out, ins, ReduceOp::SUM)->wait();
    rs[size_t(r)] = vals(out);
    // Rank r holds 0..7 plus r; rank i gets elements 2i, 2i+1 of the maximum.
    Tensor in = test::F({0, 1, 2, 3, 4, 5, 6, 7}) + double(r);
    Tensor out2 = filled({2}, -1);
    pg.reduce_scatter_tensor(out2, in, ReduceOp::MAX)->wait();
    rst[size_t(r)] = vals(out2);
    rst_in[size_t(r)] = vals(in);
  });
  check_no_errors(errors);
  for (int i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(rs[size_t(i)] == Values{4.0 * i + 6, 40.0 * i});  // sum over r of i + r; 4 * 10 i
    CHECK(rst[size_t(i)] == Values{2.0 * i + 3, 2.0 * i + 4});
    CHECK(rst_in[size_t(i)] == Values{0.0 + i, 1.0 + i, 2.0 + i, 3.0 + i, 4.0 + i, 5.0 + i, 6.0 + i, 7.0 + i});
  }
}

TEST_CASE("gloo: all_to_all and all_to_all_single with uneven splits") {
  const int n = 3;
  // Rank r sends split(r, j) rows of two elements to rank j; zero-row splits included.
  auto split = [](int r, int j) { return int64_t((r + 2 * j) % 3); };
  auto value = [](int r, int j, int k) { return 100.0 * r + 10.0 * j + k; };
  std::vector<Values> single(n), equal(n);
  std::vector<std::vector<Values>> lists(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    std::vector<int64_t> in_splits, out_splits;
    Values in_vals;
    int64_t out_rows = 0;
    for (int j = 0; j < n; ++j) {
      in_splits.push_back(split(r, j));
      out_splits.push_back(split(j, r));
      out_rows += split(j, r);
      for (int k = 0; k < 2 * split(r, j); ++k) in_vals.push_back(value(r, j, k));
    }
    Tensor in = test::F(in_vals, {int64_t(in_vals.size()) / 2, 2});
    Tensor out = filled({out_rows, 2}, -1);
    pg.all_to_all_single(out, in, out_splits, in_splits)->wait();
    single[size_t(r)] = vals(out);
    // Equal splits: rank r's row j goes to rank j.
    Tensor ein = test::F({10.0 * r, 10.0 * r + 1, 10.0 * r + 2});
    Tensor eout = filled({3}, -1);
    pg.all_to_all_single(eout, ein, {}, {})->wait();
    equal[size_t(r)] = vals(eout);
    // Lists: rank r sends j + 1 copies of r to rank j.
    std::vector<Tensor> ins, outs;
    for (int j = 0; j < n; ++j) {
      ins.push_back(filled({j + 1}, r));
      outs.push_back(filled({r + 1}, -1));
    }
    pg.all_to_all(outs, ins)->wait();
    for (auto& t : outs) lists[size_t(r)].push_back(vals(t));
  });
  check_no_errors(errors);
  for (int j = 0; j < n; ++j) {
    CAPTURE(j);
    Values want;
    for (int r = 0; r < n; ++r)
      for (int k = 0; k < 2 * split(r, j); ++k) want.push_back(value(r, j, k));
    CHECK(single[size_t(j)] == want);
    CHECK(equal[size_t(j)] == Values{0.0 + j, 10.0 + j, 20.0 + j});
    std::vector<Values> want_lists;
    for (int r = 0; r < n; ++r) want_lists.push_back(Values(size_t(j + 1), r));
    CHECK(lists[size_t(j)] == want_lists);
  }
}

TEST_CASE("gloo: non-contiguous tensors are read and written through their strides") {
  const int n = 2;
  std::vector<Values> base(n), bbase(n), gathered(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    // A transposed [2, 3] tensor holding (rank + 1) * [[0, 1, 2], [3, 4, 5]].
    Tensor b = test::F({0, 1, 2, 3, 4, 5}, {2, 3}) * double(r + 1);
    Tensor t = b.t();
    REQUIRE(!t.is_contiguous());
    pg.allreduce(t, ReduceOp::SUM)->wait();
    base[size_t(r)] = vals(b);
    // Every other element of a row: broadcast writes those, the rest keep their values.
    Tensor row = filled({6}, 7.0 + r);
    Tensor strided = row.slice(0, 0, 6, 2);
    if (r == 0) strided.copy_(test::F({1, 2, 3}));
    pg.broadcast(strided, 0)->wait();
    bbase[size_t(r)] = vals(row);
    // allgather of a strided input into strided outputs.
    Tensor src = (test::F({0, 1, 2, 3}, {2, 2}) + 10.0 * r).t();
    Tensor dst = filled({2, 4}, -1);
    std::vector<Tensor> outs = {dst.select(1, 0), dst.select(1, 2)};
    pg.allgather(outs, src.select(0, 1))->wait();
    gathered[size_t(r)] = vals(dst);
  });
  check_no_errors(errors);
  for (int r = 0; r < n; ++r) {
    CAPTURE(r);
    CHECK(base[size_t(r)] == Values{0, 3, 6, 9, 12, 15});  // (1 + 2) * values
    CHECK(bbase[size_t(r)] == Values{1, 7.0 + r, 2, 7.0 + r, 3, 7.0 + r});
    // src.select(0, 1) on rank q is [1 + 10q, 3 + 10q]; dst[:, 0] holds rank 0's, dst[:, 2] rank 1's.
    CHECK(gathered[size_t(r)] == Values{1, -1, 11, -1, 3, -1, 13, -1});
  }
}

TEST_CASE("gloo: async collectives run in issue order and wait() returns each result") {
  const int n = 3;
  std::vector<std::vector<Values>> got(n);
  std::vector<int> completed(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    std::vector<Tensor> ts;
    std::vector<WorkPtr> works;
    for (int i = 0; i < 10; ++i) {
      ts.push_back(filled({5}, double(i * (r + 1))));
      works.push_back(pg.allreduce(ts.back(), i % 2 ? ReduceOp::MAX : ReduceOp::SUM));
    }
    for (auto& w : works) w->wait();
    for (auto& w : works) completed[size_t(r)] += w->is_completed() && w->is_success();
    for (auto& t : works) got[size_t(r)].push_back(vals(t->result().at(0)));
  });
  check_no_errors(errors);
  for (int r = 0; r < n; ++r) {
    CAPTURE(r);
    CHECK(completed[size_t(r)] == 10);
    for (int i = 0; i < 10; ++i) {
      CAPTURE(i);
      // SUM of i * (q + 1) is 6 i; MAX is 3 i.
      CHECK(got[size_t(r)][size_t(i)] == Values(5, i % 2 ? 3.0 * i : 6.0 * i));
    }
  }
}

TEST_CASE("gloo: send and recv, from a given rank and from any rank") {
  const int n = 3;
  std::vector<Values> got(n), any(n);
  std::vector<int> source(n, -2);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    // A ring: every rank sends first and receives second; posting does not block.
    Tensor out = filled({3}, 10.0 * r);
    Tensor in = filled({3}, -1);
    auto s = pg.send(out, (r + 1) % n, 7);
    auto v = pg.recv(in, (r + n - 1) % n, 7);
    s->wait();
    v->wait();
    got[size_t(r)] = vals(in);
    // Rank 2 sends to rank 0, which takes it from any source.
    if (r == 2) pg.send(test::F({5, 6}), 0, 3)->wait();
    if (r == 0) {
      Tensor t = filled({2}, -1);
      auto w = pg.recv(t, -1, 3);
      source[0] = pg.recv_source(w);
      any[0] = vals(t);
    }
    pg.barrier()->wait();
  });
  check_no_errors(errors);
  for (int r = 0; r < n; ++r) CHECK(got[size_t(r)] == Values(3, 10.0 * ((r + n - 1) % n)));
  CHECK(source[0] == 2);
  CHECK(any[0] == Values{5, 6});
}

TEST_CASE("gloo: argument errors are raised before anything is sent") {
  auto errors = run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
    if (r == 1) {
      pg.barrier()->wait();
      return;
    }
    Tensor f = filled({3}, 1);
    Tensor l = test::L({1, 2, 3});
    CHECK(error_of([&] { pg.broadcast(f, 2); }) ==
          "ProcessGroupGloo::broadcast: invalid root rank: 2 (the group has ranks 0 to 1)");
    CHECK(error_of([&] { pg.allreduce(f, ReduceOp::BAND); }) ==
          "ProcessGroupGloo::allreduce: cannot use ReduceOp.BAND with non-integral dtype float32");
    CHECK(error_of([&] { pg.allreduce(l, ReduceOp::AVG); }) ==
          "ProcessGroupGloo::allreduce: cannot use ReduceOp.AVG with integral dtype int64 (an average needs a "
          "floating point tensor)");
    CHECK(error_of([&] { pg.allgather({filled({3}, 0)}, f); }) ==
          "ProcessGroupGloo::allgather: the output list has 1 tensor; it must have one per rank of the group (2)");
    CHECK(error_of([&] { pg.allgather({filled({3}, 0), filled({4}, 0)}, f); }) ==
          "ProcessGroupGloo::allgather: invalid tensor size at index 1 of the output list (expected [3], got [4])");
    CHECK(error_of([&] { pg.allgather({filled({3}, 0), l}, f); }) ==
          "ProcessGroupGloo::allgather: invalid tensor type at index 1 of the output list (expected float32, got "
          "int64)");
    CHECK(error_of([&] { pg.allgather_into_tensor(filled({5}, 0), f); }) ==
          "ProcessGroupGloo::allgather_into_tensor: output tensor size (5 elements) must be equal to world_size (2) "
          "times input tensor size (3 elements)");
    CHECK(error_of([&] { pg.gather({f, f}, f, 1); }) ==
          "ProcessGroupGloo::gather: only the root (rank 1) takes an output list; rank 0 got 2 tensors");
    CHECK(error_of([&] { pg.scatter(f, {f}, 0); }) ==
          "ProcessGroupGloo::scatter: the input list has 1 tensor; it must have one per rank of the group (2)");
    CHECK(error_of([&] { pg.all_to_all_single(filled({4}, 0), filled({4}, 0), {1, 3}, {2, 1}); }) ==
          "ProcessGroupGloo::all_to_all_single: input_split_sizes add up to 3, which does not match the input "
          "tensor's dim 0 (4)");
    CHECK(error_of([&] { pg.all_to_all_single(filled({3}, 0), filled({3}, 0), {}, {}); }) ==
          "ProcessGroupGloo::all_to_all_single: the input tensor's dim 0 (3) does not divide equally across the "
          "group size (2)");
    CHECK(error_of([&] { pg.reduce_scatter_tensor(filled({2}, 0), filled({2}, 0), ReduceOp::SUM); }) ==
          "ProcessGroupGloo::reduce_scatter_tensor: input tensor size (2 elements) must be equal to world_size (2) "
          "times output tensor size (2 elements)");
    CHECK(error_of([&] { pg.send(f, 0, 0); }) == "ProcessGroupGloo::send: rank 0 cannot send to itself");
    CHECK(error_of([&] { pg.recv(f, 5, 0); }) ==
          "ProcessGroupGloo::recv: invalid source rank 5 (the group has ranks 0 to 1)");
    CHECK(error_of([&] { ProcessGroupGloo(std::make_shared<HashStore>(), 2, 2); }) ==
          "ProcessGroupGloo: invalid rank 2 for a group of size 2 (ranks are 0 to 1)");
    // None of them counted as a collective: the barrier is the group's first.
    auto w = pg.barrier();
    w->wait();
    CHECK(w->is_success());
  });
  check_no_errors(errors);
}

TEST_CASE("gloo: a peer that never joins fails the rendezvous within the timeout") {
  auto store = std::make_shared<HashStore>();
  auto start = Clock::now();
  std::string msg = error_of([&] { ProcessGroupGloo pg(store, 0, 2, Millis{1000}); });
  double secs = std::chrono::duration<double>(Clock::now() - start).count();
  CHECK(secs < 5);
  CHECK(msg.find("ProcessGroupGloo: rank 0 of a group of 2 could not connect to its peers within 1000 ms (rank 1 "
                 "never joined): ") == 0);
}

TEST_CASE("gloo: a peer that skips a collective fails it within the timeout, and the group stays broken") {
  std::string waited, first, second, third;
  double secs = 0;
  std::atomic<bool> rank0_done{false};
  auto errors = run_ranks(
      2,
      [&](int r, ProcessGroupGloo& pg) {
        if (r == 1) {
          while (!rank0_done) std::this_thread::sleep_for(Millis{10});
          return;
        }
        Tensor t = filled({2, 3}, 1);
        auto start = Clock::now();
        auto w = pg.allreduce(t, ReduceOp::SUM);
        waited = error_of([&] { w->wait(Millis{100}); });
        first = error_of([&] { w->wait(); });
        secs = std::chrono::duration<double>(Clock::now() - start).count();
        second = error_of([&] { pg.broadcast(t, 0)->wait(); });
        third = error_of([&] { pg.send(t, 1, 0)->wait(); });
        rank0_done = true;
      },
      Millis{1500});
  check_no_errors(errors);
  CHECK(secs < 5);
  CHECK(waited == "ProcessGroupGloo: allreduce #1 on a float32 tensor of shape [2, 3]: wait() timed out after 100 ms "
                  "(the collective is still running)");
  CHECK(first.find("ProcessGroupGloo: allreduce #1 on a float32 tensor of shape [2, 3] failed: ") == 0);
  CHECK(first.find("1500ms") != std::string::npos);  // gloo's reason names the timeout
  CHECK(second.find("ProcessGroupGloo: broadcast #2 on a float32 tensor of shape [2, 3] was not run: the group is "
                    "broken since allreduce #1 on a float32 tensor of shape [2, 3] failed: ") == 0);
  CHECK(third.find("ProcessGroupGloo: send to rank 1 (tag 0) was not run: the group is broken since allreduce #1") == 0);
}

TEST_CASE("gloo: a peer whose group is destroyed makes the other side fail instead of hang") {
  std::string err;
  double secs = 0;
  std::atomic<bool> rank1_gone{false};
  auto store = std::make_shared<HashStore>();
  std::thread t1([&] {
    {
      ProcessGroupGloo pg(store, 1, 2, Millis{20'000});
      Tensor t = filled({4}, 1);
      pg.allreduce(t, ReduceOp::SUM)->wait();
    }
    rank1_gone = true;
  });
  {
    ProcessGroupGloo pg(store, 0, 2, Millis{20'000});
    Tensor t = filled({4}, 1);
    pg.allreduce(t, ReduceOp::SUM)->wait();
    CHECK(vals(t) == Values(4, 2));
    while (!rank1_gone) std::this_thread::sleep_for(Millis{5});
    auto start = Clock::now();
    err = error_of([&] { pg.allreduce(t, ReduceOp::SUM)->wait(); });
    secs = std::chrono::duration<double>(Clock::now() - start).count();
  }
  t1.join();
  CHECK(secs < 5);
  CHECK(err.find("ProcessGroupGloo: allreduce #2 on a float32 tensor of shape [4] failed: ") == 0);
}

TEST_CASE("gloo: destroying a group runs its queued collectives and joins the worker") {
  const int n = 2;
  std::vector<std::vector<WorkPtr>> works(n);
  std::vector<Tensor> ts(n * 5);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    for (int i = 0; i < 5; ++i) {
      ts[size_t(r * 5 + i)] = filled({1000}, i + r);
      works[size_t(r)].push_back(pg.allreduce(ts[size_t(r * 5 + i)], ReduceOp::SUM));
    }
    // The group goes out of scope with the works still queued.
  });
  check_no_errors(errors);
  for (int r = 0; r < n; ++r) {
    for (int i = 0; i < 5; ++i) {
      CAPTURE(i);
      CHECK(works[size_t(r)][size_t(i)]->is_completed());
      CHECK(works[size_t(r)][size_t(i)]->is_success());
      CHECK(vals(ts[size_t(r * 5 + i)]) == Values(1000, 2.0 * i + 1));
    }
  }
}

TEST_CASE("gloo: several groups share one store") {
  auto store = std::make_shared<HashStore>();
  std::vector<Values> got(2);
  std::vector<std::string> errors(2);
  std::vector<std::thread> threads;
  for (int r = 0; r < 2; ++r) {
    threads.emplace_back([&, r] {
      try {
        ProcessGroupGloo a(store, r, 2, Millis{20'000});
        ProcessGroupGloo b(store, r, 2, Millis{20'000});
        Tensor x = filled({1}, r + 1), y = filled({1}, 10.0 * (r + 1));
        auto wb = b.allreduce(y, ReduceOp::SUM);
        auto wa = a.allreduce(x, ReduceOp::MAX);
        wa->wait();
        wb->wait();
        got[size_t(r)] = {vals(x)[0], vals(y)[0]};
      } catch (const std::exception& e) {
        errors[size_t(r)] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  check_no_errors(errors);
  for (int r = 0; r < 2; ++r) CHECK(got[size_t(r)] == Values{2, 30});
}

TEST_CASE("gloo: a group of one runs every collective locally") {
  Values ar, bc, rd, ag, agt, ga, sc, rs, rst, a2a, a2as;
  auto errors = run_ranks(1, [&](int, ProcessGroupGloo& pg) {
    Tensor t = test::F({1, 2});
    pg.allreduce(t, ReduceOp::AVG)->wait();
    ar = vals(t);
    pg.broadcast(t, 0)->wait();
    bc = vals(t);
    pg.reduce(t, 0, ReduceOp::PRODUCT)->wait();
    rd = vals(t);
    Tensor o = filled({2}, -1);
    pg.allgather({o}, t)->wait();
    ag = vals(o);
    Tensor o2 = filled({2}, -1);
    pg.allgather_into_tensor(o2, t)->wait();
    agt = vals(o2);
    Tensor o3 = filled({2}, -1);
    pg.gather({o3}, t, 0)->wait();
    ga = vals(o3);
    Tensor o4 = filled({2}, -1);
    pg.scatter(o4, {t}, 0)->wait();
    sc = vals(o4);
    Tensor o5 = filled({2}, -1);
    pg.reduce_scatter(o5, {t}, ReduceOp::SUM)->wait();
    rs = vals(o5);
    Tensor o6 = filled({2}, -1);
    pg.reduce_scatter_tensor(o6, t, ReduceOp::SUM)->wait();
    rst = vals(o6);
    Tensor o7 = filled({2}, -1);
    pg.all_to_all({o7}, {t})->wait();
    a2a = vals(o7);
    Tensor o8 = filled({2}, -1);
    pg.all_to_all_single(o8, t, {2}, {2})->wait();
    a2as = vals(o8);
    pg.barrier()->wait();
  });
  check_no_errors(errors);
  for (const Values* v : {&ar, &bc, &rd, &ag, &agt, &ga, &sc, &rs, &rst, &a2a, &a2as}) CHECK(*v == Values{1, 2});
}

TEST_CASE("gloo: empty tensors and ranks that exchange nothing") {
  const int n = 3;
  std::vector<Values> got(n), single(n);
  auto errors = run_ranks(n, [&](int r, ProcessGroupGloo& pg) {
    Tensor e = filled({0, 4}, 1);
    pg.allreduce(e, ReduceOp::SUM)->wait();
    pg.broadcast(e, 1)->wait();
    std::vector<Tensor> outs = {filled({0, 4}, 0), filled({0, 4}, 0), filled({0, 4}, 0)};
    pg.allgather(outs, e)->wait();
    // Rank 2 sends and receives nothing; ranks 0 and 1 swap one element.
    std::vector<int64_t> splits = r == 0 ? std::vector<int64_t>{0, 1, 0}
                                  : r == 1 ? std::vector<int64_t>{1, 0, 0}
                                           : std::vector<int64_t>{0, 0, 0};
    int64_t rows = r == 2 ? 0 : 1;
    Tensor in = filled({rows}, 10.0 * (r + 1)), out = filled({rows}, -1);
    pg.all_to_all_single(out, in, splits, splits)->wait();
    single[size_t(r)] = vals(out);
    Tensor t = filled({1}, r);
    pg.allreduce(t, ReduceOp::SUM)->wait();
    got[size_t(r)] = vals(t);
  });
  check_no_errors(errors);
  CHECK(single[0] == Values{20});
  CHECK(single[1] == Values{10});
  CHECK(single[2] == Values{});
  for (int r = 0; r < n; ++r) CHECK(got[size_t(r)] == Values{3});
}

TEST_CASE("gloo: a recv of another size or dtype than the send fails, and the group goes on") {
  std::string size_err, dtype_err, send_err;
  Values after;
  auto errors = run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
    if (r == 0) {
      auto a = pg.send(filled({3}, 1), 1, 0);
      auto b = pg.send(filled({2}, 1), 1, 0);
      send_err = error_of([&] {
        a->wait();
        b->wait();
      });
      pg.send(test::F({4, 5}), 1, 0)->wait();
    } else {
      Tensor t = filled({2}, -1);
      size_err = error_of([&] { pg.recv(t, 0, 0)->wait(); });
      Tensor l = test::L({0, 0});
      dtype_err = error_of([&] { pg.recv(l, -1, 0)->wait(); });
      pg.recv(t, 0, 0)->wait();
      after = vals(t);
    }
    pg.barrier()->wait();
  });
  check_no_errors(errors);
  CHECK(send_err == "<no error>");
  CHECK(size_err == "ProcessGroupGloo: recv from rank 0 (tag 0) of a float32 tensor of shape [2] failed: rank 0 sent "
                    "a float32 tensor of 3 elements, but the recv tensor is a float32 tensor of 2 elements");
  CHECK(dtype_err == "ProcessGroupGloo: recv from any rank (tag 0) of an int64 tensor of shape [2] failed: rank 0 "
                     "sent a float32 tensor of 2 elements, but the recv tensor is an int64 tensor of 2 elements");
  CHECK(after == Values{4, 5});
}

TEST_CASE("gloo: messages of one tag arrive in the order they were sent; destroying a group ends its pending recvs") {
  // Five messages to recvs from rank 0, then five to recvs from any rank, waited for backwards.
  std::vector<Values> got;
  auto errors = run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
    if (r == 0) {
      std::vector<WorkPtr> ws;
      for (int i = 0; i < 10; ++i) ws.push_back(pg.send(filled({i % 5 + 1}, i), 1, 4));
      for (auto& w : ws) w->wait();
    } else {
      std::vector<Tensor> ts;
      std::vector<WorkPtr> ws;
      for (int i = 0; i < 10; ++i) {
        ts.push_back(filled({i % 5 + 1}, -1));
        ws.push_back(pg.recv(ts.back(), i < 5 ? 0 : -1, 4));
        if (i == 4) ws.back()->wait();  // the two kinds are matched separately (README)
      }
      for (int i = 9; i >= 0; --i) ws[size_t(i)]->wait();
      for (auto& t : ts) got.push_back(vals(t));
    }
  });
  check_no_errors(errors);
  REQUIRE(got.size() == 10);
  for (int i = 0; i < 10; ++i) CHECK(got[size_t(i)] == Values(size_t(i % 5 + 1), i));
  // A recv nobody sends to, its group destroyed (before rank 0's, whose leaving would fail the
  // recv first): the work fails at once, saying why.
  WorkPtr w;
  std::atomic<bool> rank1_gone{false};
  auto store = std::make_shared<HashStore>();
  auto start = Clock::now();
  std::thread t0([&] {
    ProcessGroupGloo pg(store, 0, 2, Millis{20'000});
    while (!rank1_gone) std::this_thread::sleep_for(Millis{5});
  });
  {
    ProcessGroupGloo pg(store, 1, 2, Millis{20'000});
    w = pg.recv(filled({1}, 0), 0, 9);
  }
  rank1_gone = true;
  t0.join();
  double secs = std::chrono::duration<double>(Clock::now() - start).count();
  CHECK(secs < 5);
  std::string pending = error_of([&] { w->wait(); });
  CHECK(pending == "ProcessGroupGloo: recv from rank 0 (tag 9) of a float32 tensor of shape [1] failed: the group "
                   "was destroyed before the message arrived");
}

TEST_CASE("gloo: the address comes from TS_GLOO_IFNAME, else MASTER_ADDR when it names this machine") {
  struct Env {  // sets a variable for the test, restores it after
    std::string name;
    std::optional<std::string> old;
    Env(const char* n, const char* v) : name(n) {
      if (const char* o = std::getenv(n)) old = o;
      if (v) setenv(n, v, 1);
      else unsetenv(n);
    }
    ~Env() {
      if (old) setenv(name.c_str(), old->c_str(), 1);
      else unsetenv(name.c_str());
    }
  };
  auto address_of_one = [] {
    ProcessGroupGloo pg(std::make_shared<HashStore>(), 0, 1, Millis{5000});
    return pg.address();
  };
  {
    Env a("TS_GLOO_IFNAME", "lo"), b("MASTER_ADDR", nullptr);
    CHECK(address_of_one() == "interface lo");
    // Two ranks over it still meet.
    std::vector<Values> got(2);
    check_no_errors(run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
      Tensor t = filled({1}, r + 1);
      pg.allreduce(t, ReduceOp::SUM)->wait();
      got[size_t(r)] = vals(t);
    }));
    CHECK(got == std::vector<Values>{{3}, {3}});
  }
  {
    Env a("TS_GLOO_IFNAME", "no-such-interface"), b("MASTER_ADDR", nullptr);
    CHECK(error_of(address_of_one).find(
              "ProcessGroupGloo: cannot use network interface 'no-such-interface' (from TS_GLOO_IFNAME): ") == 0);
  }
  {
    Env a("TS_GLOO_IFNAME", nullptr), b("MASTER_ADDR", "127.0.0.1");
    CHECK(address_of_one() == "127.0.0.1");
  }
  {
    // A master elsewhere (an address no interface here has): this rank listens on its own name.
    Env a("TS_GLOO_IFNAME", nullptr), b("MASTER_ADDR", "192.0.2.1");
    std::string addr = address_of_one();
    CHECK(addr != "192.0.2.1");
    CHECK(!addr.empty());
  }
}
