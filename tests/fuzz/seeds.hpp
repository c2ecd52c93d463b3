// The seed corpus of the fuzzers: each operation's examples (those of its
// docs/operations/<op>.md and of the specifications it restates), valid and
// invalid, in every element width, encoded in its harness's byte format
// (fuzz_common.hpp). tests/fuzz/seeds/<op_snake>.cpp registers its writer;
// make_seeds.cpp runs them all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/dtype.hpp"
#include "fuzz_common.hpp"
#include "gather_fuzz.hpp"
#include "operations/block_layout.hpp"

namespace seeds {

using fuzz::Ints;
using fuzz::Writer;

// The seeds of one fuzzer, numbered in the order they are written.
class Corpus {
 public:
  explicit Corpus(std::string dir) : dir_(std::move(dir)) {}

  // One example, once per element width; its number also varies the offsets.
  template <class Encode>
  void each_width(Encode encode) {
    for (size_t width : {1, 2, 4, 8}) {
      Writer w;
      fuzz::write_width(w, width);
      w.byte(static_cast<uint8_t>(next_ % 16));  // offsets
      encode(w);
      save(w);
    }
  }

  int failures() const { return failures_; }

 private:
  void save(const Writer& w);

  std::string dir_;
  int next_ = 0;
  int failures_ = 0;
};

// `static const seeds::Register registered("roll", write);` in seeds/roll.cpp:
// `fuzzer` names the harness as fuzz_<fuzzer> does.
struct Register {
  Register(const char* fuzzer, void (*write)(Corpus&));
};

struct Fuzzer {
  const char* name;
  void (*write)(Corpus&);
};
const std::vector<Fuzzer>& registered();

// ---- What families of operations share ----

// spaceToDepth / depthToSpace (block_fuzz.hpp), as given, not constructed.
inline void block(Corpus& c, const Ints& in, int64_t b, tensor_ops::DataFormat format, tensor_ops::BlockMode mode) {
  c.each_width([&](Writer& w) {
    w.byte(static_cast<uint8_t>(format));
    w.byte(static_cast<uint8_t>(mode));
    w.value(b, -1, 6);
    w.flag(false);  // as given, not constructed
    fuzz::write_shape(w, in);
  });
}

// spaceToBatch / batchToSpace (batch_fuzz.hpp), as given, not constructed.
inline void batch(Corpus& c, const Ints& in, const Ints& block, const Ints& begin, const Ints& end) {
  c.each_width([&](Writer& w) {
    w.flag(false);
    fuzz::write_shape(w, in);
    w.list(block, 0, 5);
    w.list(begin, -1, 6);
    w.list(end, -1, 6);
  });
}

// gather, gatherElements, gatherND (gather_fuzz.hpp).
inline void gathers(Corpus& c, tensor_ops::IndexType type, const Ints& in, const Ints& indices, int64_t p1,
                    int64_t p2, const Ints& values) {
  c.each_width([&](Writer& w) { fuzz::write_gather_input(w, type, in, indices, p1, p2, values); });
}

}  // namespace seeds
