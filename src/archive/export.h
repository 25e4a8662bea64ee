// tsc export (export.cpp) and tsrun MODEL.pt (run.cpp): the command-line faces of archives.
#pragma once

#include <string>
#include <vector>

namespace ts::archive {

struct ExportOptions {
  std::string script;      // FILE
  std::string class_name;  // --class NAME
  std::string factory;     // --factory FN
  std::string args_json;   // --args JSON: a list (positional) or an object (keywords)
  std::string weights;     // --weights CKPT: a state_dict file (or a checkpoint holding one under "model")
  bool eval = false;       // --eval: switch to eval mode before saving
  std::string out;         // -o OUT
};
void export_module(const ExportOptions& o, const std::vector<std::string>& search_path);

// tsrun MODEL.pt [--input X.npy]... [--output Y.npy]... [--method NAME] [--mmap] [--trust-archive]: runs a method
// of an archive on .npy inputs; prints the outputs or writes them. Returns the exit status.
int run_archive(const std::string& path, const std::vector<std::string>& args);

}  // namespace ts::archive
