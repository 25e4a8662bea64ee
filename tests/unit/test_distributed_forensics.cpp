// src/distributed/forensics.h and the hang forensics of ProcessGroupGloo (README, Note [Hang
// forensics]): the states ranks publish, the report's text, the fingerprints, and groups of
// threads of this process in which a rank skips a collective or ranks issue mismatched ones:
// every rank fails within the timeout (plus the brief wait for the others' states) with one
// message naming every rank's collective and call site, and no tensor is written.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "distributed/forensics.h"
#include "distributed/process_group_gloo.h"
#include "test_ranks.h"
#include "test_util.h"
#include "util/error.h"

using namespace ts;
using namespace ts::distributed;
using ts::test::error_of;
using ts::test::run_ranks;
using ts::test::vals;

namespace {

using Clock = std::chrono::steady_clock;

// The call sites of this test: each thread says where it is (as the runtime says a script line);
// a site points at its text, kept for the whole test run.
thread_local std::string here;
std::string describe_here(const void* site) { return *static_cast<const std::string*>(site); }
CallSite test_site() {
  static std::mutex mu;
  static std::set<std::string> texts;
  if (here.empty()) return {};
  std::lock_guard<std::mutex> g(mu);
  return CallSite{&*texts.insert(here).first, &describe_here};
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("forensics: a rank's state survives the store's text; garbage is refused") {
  RankState s;
  s.rank = 3;
  s.seq = 17;
  s.in_collective = true;
  s.collective = "allreduce #17 on a float32 tensor of shape [2, 3]";
  s.fingerprint = 0xabcdef;
  s.site = "train.ts:42";
  auto back = RankState::decode(s.encode());
  REQUIRE(back.has_value());
  CHECK(back->rank == 3);
  CHECK(back->seq == 17);
  CHECK(back->in_collective);
  CHECK(back->collective == s.collective);
  CHECK(back->fingerprint == 0xabcdefu);
  CHECK(back->site == "train.ts:42");
  CHECK_FALSE(RankState::decode("").has_value());
  CHECK_FALSE(RankState::decode("1\n2\n3\n4\nx\ny").has_value());  // in_collective must be 0 or 1
  CHECK_FALSE(RankState::decode("a\n2\n1\n4\nx\ny").has_value());
}

TEST_CASE("forensics: fingerprints tell apart what must agree and fit in 24 bits") {
  uint32_t a = collective_fingerprint("allreduce", 6, 10, -1, 0);
  CHECK(a == collective_fingerprint("allreduce", 6, 10, -1, 0));
  CHECK(a < (1u << 24));
  CHECK(a != collective_fingerprint("allreduce", 6, 11, -1, 0));   // element count
  CHECK(a != collective_fingerprint("allreduce", 5, 10, -1, 0));   // dtype
  CHECK(a != collective_fingerprint("allreduce", 6, 10, -1, 3));   // reduce op
  CHECK(a != collective_fingerprint("broadcast", 6, 10, -1, 0));   // algorithm
  CHECK(collective_fingerprint("broadcast", 6, 10, 0, -1) != collective_fingerprint("broadcast", 6, 10, 1, -1));
}

TEST_CASE("forensics: the report names who reached the collective, where each rank is, and mismatches") {
  auto state = [](int rank, int64_t seq, bool in, std::string what, uint32_t fp, std::string site) {
    RankState s;
    s.rank = rank;
    s.seq = seq;
    s.in_collective = in;
    s.collective = std::move(what);
    s.fingerprint = fp;
    s.site = std::move(site);
    return std::optional<RankState>(s);
  };
  std::string what = "allreduce #2 on a float32 tensor of shape [4]";
  std::vector<std::optional<RankState>> states = {
      state(0, 2, true, what, 7, "a.ts:10"),
      state(1, 1, false, "allreduce #1 on a float32 tensor of shape [4]", 7, "a.ts:8"),
      std::nullopt,
      state(3, 2, true, "broadcast #2 on a float32 tensor of shape [4]", 9, "a.ts:12"),
      state(4, 0, false, "", 0, "an unknown place"),
  };
  CHECK(hang_report(what, "Timed out", 2, 7, states) ==
        "ProcessGroupGloo: allreduce #2 on a float32 tensor of shape [4] failed: Timed out\n"
        "  mismatched collectives at #2: this is allreduce #2 on a float32 tensor of shape [4], but rank 3 is in "
        "broadcast #2 on a float32 tensor of shape [4] (every rank must issue the same collectives, with the same "
        "sizes, in the same order)\n"
        "  reached #2: ranks 0, 3; did not reach it: ranks 1, 4; no answer from rank 2\n"
        "  rank 0: in allreduce #2 on a float32 tensor of shape [4], issued at a.ts:10\n"
        "  rank 1: not in a collective; last seen issuing allreduce #1 on a float32 tensor of shape [4] (completed) "
        "at a.ts:8\n"
        "  rank 2: did not answer (its process may have exited or be stuck outside the collectives)\n"
        "  rank 3: in broadcast #2 on a float32 tensor of shape [4], issued at a.ts:12\n"
        "  rank 4: not in a collective; it has issued none in this group");
}

TEST_CASE("forensics: a rank that skips a collective: the others' message names it and where it was") {
  set_call_site_hook(&test_site);
  std::atomic<bool> rank0_done{false};
  double secs = 0;
  auto errors = run_ranks(3, [&](int r, ProcessGroupGloo& pg) {
    Tensor t = full({2}, 1.0, TensorOptions(DType::Float32));
    here = "step.ts:1";
    pg.allreduce(t, ReduceOp::SUM)->wait();
    if (r == 1) {  // stops before the second collective until the others gave up
      while (!rank0_done) std::this_thread::sleep_for(Millis{10});
      return;
    }
    here = util::str("step.ts:", 2 + r);
    auto start = Clock::now();
    auto w = pg.allreduce(t, ReduceOp::SUM);
    try {
      w->wait();
    } catch (...) {
      if (r == 0) secs = std::chrono::duration<double>(Clock::now() - start).count();
      if (r == 0) rank0_done = true;
      throw;
    }
  }, Millis{1000});
  set_call_site_hook(nullptr);
  CHECK(errors[1].empty());
  CHECK(secs < 4);  // the timeout, then at most the brief wait for the states
  for (int r : {0, 2}) {
    const std::string& e = errors[size_t(r)];
    CAPTURE(e);
    CHECK(e.find("ProcessGroupGloo: allreduce #2 on a float32 tensor of shape [2] failed: ") == 0);
    CHECK(has(e, "reached #2: ranks 0, 2; did not reach it: rank 1"));
    CHECK(has(e, "rank 0: in allreduce #2 on a float32 tensor of shape [2], issued at step.ts:2"));
    CHECK(has(e, "rank 1: not in a collective; last seen issuing allreduce #1 on a float32 tensor of shape [2] "
                 "(completed) at step.ts:1"));
    CHECK(has(e, "rank 2: in allreduce #2 on a float32 tensor of shape [2], issued at step.ts:4"));
    CHECK_FALSE(has(e, "mismatched"));
  }
}

TEST_CASE("forensics: mismatched collectives exchange nothing and every rank names both sides") {
  std::vector<std::vector<double>> after(2);
  auto errors = run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
    Tensor a = full({3}, 1.0, TensorOptions(DType::Float32));
    pg.allreduce(a, ReduceOp::SUM)->wait();  // in step
    Tensor t = full({10 + r}, 1.0 + r, TensorOptions(DType::Float32));
    try {
      pg.allreduce(t, ReduceOp::SUM)->wait();  // 10 elements against 11
    } catch (...) {
      after[size_t(r)] = vals(t);
      throw;
    }
  }, Millis{1000});
  for (int r : {0, 1}) {
    const std::string& e = errors[size_t(r)];
    CAPTURE(e);
    CHECK(has(e, util::str("allreduce #2 on a float32 tensor of shape [", 10 + r, "] failed: ")));
    CHECK(has(e, util::str("mismatched collectives at #2: this is allreduce #2 on a float32 tensor of shape [",
                           10 + r, "], but rank ", 1 - r, " is in allreduce #2 on a float32 tensor of shape [",
                           11 - r, "]")));
    CHECK(has(e, "reached #2: ranks 0, 1"));
    CHECK(has(e, "issued at an unknown place"));  // no hook: C++ callers have no script line
    CHECK(after[size_t(r)] == std::vector<double>(size_t(10 + r), 1.0 + r));  // untouched
  }

  // Another collective at the same number (allreduce against broadcast), same tensors.
  errors = run_ranks(2, [&](int r, ProcessGroupGloo& pg) {
    Tensor t = full({4}, 1.0, TensorOptions(DType::Float32));
    if (r == 0) pg.allreduce(t, ReduceOp::SUM)->wait();
    else pg.broadcast(t, 0)->wait();
  }, Millis{1000});
  CHECK(has(errors[0], "mismatched collectives at #1: this is allreduce #1 on a float32 tensor of shape [4], but "
                       "rank 1 is in broadcast #1 on a float32 tensor of shape [4]"));
  CHECK(has(errors[1], "mismatched collectives at #1: this is broadcast #1 on a float32 tensor of shape [4], but "
                       "rank 0 is in allreduce #1 on a float32 tensor of shape [4]"));
}
