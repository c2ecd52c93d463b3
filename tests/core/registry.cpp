#include "registry.hpp"

namespace reg {
namespace {

std::vector<OpCalls>& all() {
  static std::vector<OpCalls> calls;  // made on first use: registrars run in any order
  return calls;
}

void append_params(std::vector<int64_t>& w, std::initializer_list<Ints> params) {
  for (const Ints& p : params) {
    if (p.size() == 1 && p[0] == kAbsent) {
      w.push_back(-1);
    } else if (p.size() == 2 && p[0] == kSingle) {
      w.push_back(-2);
      w.push_back(p[1]);
    } else {
      w.push_back(static_cast<int64_t>(p.size()));
      w.insert(w.end(), p.begin(), p.end());
    }
  }
}

}  // namespace

Register::Register(const OpCalls& calls) { all().push_back(calls); }

const std::vector<OpCalls>& registered() { return all(); }

const OpCalls* find(const std::string& op) {
  for (const OpCalls& c : all()) {
    if (op == c.op) return &c;
  }
  return nullptr;
}

std::vector<int64_t> words_of(const Shape& input, std::initializer_list<Ints> params) {
  std::vector<int64_t> w{static_cast<int64_t>(input.size())};
  w.insert(w.end(), input.begin(), input.end());
  append_params(w, params);
  return w;
}

std::vector<int64_t> list_words(const std::vector<Shape>& inputs, std::initializer_list<Ints> params) {
  std::vector<int64_t> w{static_cast<int64_t>(inputs.size())};
  for (const Shape& s : inputs) {
    w.push_back(static_cast<int64_t>(s.size()));
    w.insert(w.end(), s.begin(), s.end());
  }
  append_params(w, params);
  return w;
}

Ints index_words(tensor_ops::IndexType type, int64_t length, const Shape& shape) {
  Ints w{static_cast<int64_t>(type), length};
  w.insert(w.end(), shape.begin(), shape.end());
  return w;
}

Ints index_words(const gt::IndexData& idx) { return idx.words(); }

}  // namespace reg
