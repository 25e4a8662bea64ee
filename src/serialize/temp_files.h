// Temporary files of atomic writes (internal to src/serialize): their names, the in-flight
// registry that SIGINT/SIGTERM/SIGHUP/SIGQUIT handlers clean, and the removal of stale ones left
// by processes that are gone (Note [Temp files] in README.md).
#pragma once

#include <string>

namespace ts::serialize::detail {

// The prefix of every temporary name for `base` (a file name without directory):
// ".<base>.tmp-"; a full name is "<prefix><pid>-XXXXXX".
std::string temp_prefix(const std::string& base);

// Removes the temporary files for `base` in `dir` whose writer process no longer exists.
void remove_stale_temps(const std::string& dir, const std::string& base);

// Creates the temporary file named by `tmpl` ("...XXXXXX", completed in place, as mkostemp)
// and records it as in flight until unregister_temp(*slot), so that a terminating signal removes
// it; the signals are held off between the two, and the handlers are installed on first use.
// Returns the descriptor (-1 with errno on failure). *slot is -1 when all slots are taken: the
// file is then only cleaned by the next save of the same target.
int create_temp(std::string& tmpl, int* slot);
void unregister_temp(int slot);

}  // namespace ts::serialize::detail
