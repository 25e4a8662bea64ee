// Hang forensics for process groups (src/distributed/README.md, Note [Hang forensics]): where
// the script issued each collective, the fingerprint that keeps mismatched collectives apart,
// and the one message every rank of a failed collective reports.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::distributed {

// Where a script issued a collective, as the layer above (the runtime) tells it through a hook.
// Capturing one costs a call and two words; describe() formats it later, only when a failure
// is reported. `site` and `describe` are the hook's own (null: unknown).
struct CallSite {
  const void* site = nullptr;
  std::string (*describe)(const void* site) = nullptr;
  // "train.ts:42", or "an unknown place" without a hook or a script frame.
  std::string str() const;
};
using CallSiteHook = CallSite (*)();
// Installs the hook every collective calls on the issuing thread (once per process; the
// runtime's answers the innermost script line).
void set_call_site_hook(CallSiteHook hook);
CallSite current_call_site();

// What must agree across ranks for a collective's data to move safely: the algorithm, the
// element type and count, the root and the reduce op. Folded into 24 bits that go into the
// collective's gloo tag, so mismatched collectives never exchange bytes (they time out instead,
// and the report names both sides).
uint32_t collective_fingerprint(const char* algorithm, int dtype, int64_t numel, int root, int reduce_op);

// One rank's state when a collective of its group failed, as published in the group's store.
struct RankState {
  int rank = 0;
  // The collective the rank is in (running or queued first), else the last one it issued; 0:
  // none issued yet.
  int64_t seq = 0;
  bool in_collective = false;
  std::string collective;  // "allreduce #2 on a float32 tensor of shape [4]"
  uint32_t fingerprint = 0;
  std::string site;        // where the script issued it
  std::string encode() const;
  static std::optional<RankState> decode(const std::string& text);
};

// The message of a failed collective: `what` ("allreduce #2 on a float32 tensor of shape [4]")
// failed with `reason`; `states` holds what each rank of the group published (nullopt: did not
// answer in time). Says which ranks reached collective `seq` and which did not, where each
// was, and whether the ranks are in different collectives.
std::string hang_report(const std::string& what, const std::string& reason, int64_t seq, uint32_t fingerprint,
                        const std::vector<std::optional<RankState>>& states);

}  // namespace ts::distributed
