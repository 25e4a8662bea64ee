// Hang forensics (forensics.h; src/distributed/README.md, Note [Hang forensics]).
#include "distributed/forensics.h"

#include <atomic>
#include <cstdlib>

#include "util/error.h"

namespace ts::distributed {

namespace {
std::atomic<CallSiteHook> call_site_hook{nullptr};

// "rank 1", "ranks 0, 2".
std::string rank_list(const std::vector<int>& ranks) {
  std::string s = ranks.size() == 1 ? "rank " : "ranks ";
  for (size_t i = 0; i < ranks.size(); ++i) s += util::str(i ? ", " : "", ranks[i]);
  return s;
}
}  // namespace

std::string CallSite::str() const {
  if (!describe) return "an unknown place";
  return describe(site);
}

void set_call_site_hook(CallSiteHook hook) { call_site_hook.store(hook, std::memory_order_release); }

CallSite current_call_site() {
  CallSiteHook h = call_site_hook.load(std::memory_order_acquire);
  return h ? h() : CallSite{};
}

uint32_t collective_fingerprint(const char* algorithm, int dtype, int64_t numel, int root, int reduce_op) {
  // One multiply-xorshift step per field (cheap: it runs for every collective).
  uint64_t h = 0x9e3779b97f4a7c15ull;
  auto mix = [&h](uint64_t v) {
    h = (h ^ v) * 0xff51afd7ed558ccdull;
    h ^= h >> 33;
  };
  for (const char* p = algorithm; *p; ++p) mix(uint64_t(uint8_t(*p)));
  mix(uint64_t(int64_t(dtype)));
  mix(uint64_t(numel));
  mix(uint64_t(int64_t(root)));
  mix(uint64_t(int64_t(reduce_op)));
  return uint32_t((h ^ (h >> 29)) & 0xffffff);
}

std::string RankState::encode() const {
  return util::str(rank, "\n", seq, "\n", in_collective ? 1 : 0, "\n", fingerprint, "\n", collective, "\n", site);
}

std::optional<RankState> RankState::decode(const std::string& text) {
  std::vector<std::string> f;
  size_t start = 0;
  for (int i = 0; i < 5; ++i) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) return std::nullopt;
    f.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  f.push_back(text.substr(start));
  RankState s;
  char* end = nullptr;
  s.rank = int(std::strtol(f[0].c_str(), &end, 10));
  if (f[0].empty() || *end) return std::nullopt;
  s.seq = std::strtoll(f[1].c_str(), &end, 10);
  if (f[1].empty() || *end) return std::nullopt;
  if (f[2] != "0" && f[2] != "1") return std::nullopt;
  s.in_collective = f[2] == "1";
  s.fingerprint = uint32_t(std::strtoul(f[3].c_str(), &end, 10));
  if (f[3].empty() || *end) return std::nullopt;
  s.collective = f[4];
  s.site = f[5];
  return s;
}

std::string hang_report(const std::string& what, const std::string& reason, int64_t seq, uint32_t fingerprint,
                        const std::vector<std::optional<RankState>>& states) {
  std::vector<int> reached, missing, silent;
  std::vector<std::string> differ;  // ranks in another collective with the same number
  std::string lines;
  for (size_t r = 0; r < states.size(); ++r) {
    const auto& s = states[r];
    if (!s) {
      silent.push_back(int(r));
      lines += util::str("\n  rank ", r, ": did not answer (its process may have exited or be stuck outside the "
                                         "collectives)");
      continue;
    }
    if (s->seq >= seq) reached.push_back(int(r));
    else missing.push_back(int(r));
    if (s->in_collective && s->seq == seq && s->fingerprint != fingerprint)
      differ.push_back(util::str("rank ", r, " is in ", s->collective));
    if (s->seq == 0) {
      lines += util::str("\n  rank ", r, ": not in a collective; it has issued none in this group");
    } else if (s->in_collective) {
      lines += util::str("\n  rank ", r, ": in ", s->collective, ", issued at ", s->site);
    } else {
      lines += util::str("\n  rank ", r, ": not in a collective; last seen issuing ", s->collective, " (completed) at ",
                         s->site);
    }
  }
  std::string msg = util::str("ProcessGroupGloo: ", what, " failed: ", reason);
  if (!differ.empty()) {
    msg += util::str("\n  mismatched collectives at #", seq, ": this is ", what, ", but ");
    for (size_t i = 0; i < differ.size(); ++i) msg += util::str(i ? "; " : "", differ[i]);
    msg += " (every rank must issue the same collectives, with the same sizes, in the same order)";
  }
  msg += util::str("\n  reached #", seq, ": ", reached.empty() ? std::string("none") : rank_list(reached));
  if (!missing.empty()) msg += util::str("; did not reach it: ", rank_list(missing));
  if (!silent.empty()) msg += util::str("; no answer from ", rank_list(silent));
  return msg + lines;
}

}  // namespace ts::distributed
