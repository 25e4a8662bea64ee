// The textual form of graphs, in the format PyTorch prints them (pytorch-facts.md §2.2).
#include <charconv>
#include <sstream>

#include "ir/ir.h"

namespace ts::ir {

namespace {

std::string value_name(const Value* v) { return "%" + (v->name.empty() ? std::to_string(v->id) : v->name.str()); }

std::string format_double(double d) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), d);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".";
  return s;
}

void print_ivalue(std::ostream& os, const IValue& v) {
  if (v.is_bool()) {
    os << (v.to_bool() ? 1 : 0);
  } else if (v.is_int()) {
    os << v.to_int();
  } else if (v.is_double()) {
    os << format_double(v.to_double());
  } else if (v.is_string()) {
    os << '"';
    for (char c : v.to_string()) {
      if (c == '"' || c == '\\') os << '\\' << c;
      else if (c == '\n') os << "\\n";
      else if (c == '\t') os << "\\t";
      else os << c;
    }
    os << '"';
  } else if (v.is_list() || v.is_tuple()) {
    os << (v.is_list() ? "[" : "(");
    const auto& items = v.items();
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) os << ", ";
      print_ivalue(os, items[i]);
    }
    if (v.is_tuple() && items.size() == 1) os << ",";
    os << (v.is_list() ? "]" : ")");
  } else if (v.is_none()) {
    os << "None";
  } else if (v.is_device()) {
    os << '"' << v.to_device().str() << '"';
  } else if (v.is_dtype()) {
    os << static_cast<int>(v.to_dtype());
  } else if (v.is_tensor()) {
    os << "{tensor}";
  } else {
    os << "<" << v.type_name() << ">";
  }
}

void print_values(std::ostream& os, const std::vector<Value*>& vs, bool with_types) {
  for (size_t i = 0; i < vs.size(); ++i) {
    if (i) os << ", ";
    os << value_name(vs[i]);
    if (with_types) os << " : " << vs[i]->type->str();
  }
}

void print_block(std::ostream& os, const Block& b, int indent);

void print_node(std::ostream& os, const Node& n, int indent) {
  os << std::string(size_t(indent), ' ');
  print_values(os, n.outputs, true);
  os << (n.outputs.empty() ? " = " : " = ") << n.kind;
  if (!n.attrs.empty()) {
    os << "[";
    for (size_t i = 0; i < n.attrs.size(); ++i) {
      if (i) os << ", ";
      os << n.attrs[i].first << "=";
      print_ivalue(os, n.attrs[i].second);
    }
    os << "]";
  }
  os << "(";
  print_values(os, n.inputs, false);
  os << ")";
  if (n.loc.file && n.loc.line > 0) os << " # " << n.loc.file->path << ":" << n.loc.line << ":" << n.loc.col;
  os << "\n";
  for (size_t i = 0; i < n.blocks.size(); ++i) {
    os << std::string(size_t(indent + 2), ' ') << "block" << i << "(";
    print_values(os, n.blocks[i]->inputs(), true);
    os << "):\n";
    print_block(os, *n.blocks[i], indent + 4);
    os << std::string(size_t(indent + 4), ' ') << "-> (";
    print_values(os, n.blocks[i]->outputs(), false);
    os << ")\n";
  }
}

void print_block(std::ostream& os, const Block& b, int indent) {
  for (Node* n : b) print_node(os, *n, indent);
}

}  // namespace

std::string to_string(const Node& n) {
  std::ostringstream os;
  print_node(os, n, 0);
  return os.str();
}

std::string to_string(const Graph& g) {
  std::ostringstream os;
  os << "graph(";
  for (size_t i = 0; i < g.inputs().size(); ++i) {
    if (i) os << ",\n      ";
    os << value_name(g.inputs()[i]) << " : " << g.inputs()[i]->type->str();
  }
  os << "):\n";
  print_block(os, *g.block(), 2);
  os << "  return (";
  print_values(os, g.outputs(), false);
  os << ")\n";
  return os.str();
}

std::string to_string(const Function& f) { return "def " + f.qualname + "\n" + to_string(*f.graph); }

}  // namespace ts::ir
