// Writes the seed corpus of every fuzzer that registers seeds
// (tests/fuzz/seeds/<op_snake>.cpp, seeds.hpp).
// Usage: make_seeds <dir>   (writes <dir>/<fuzzer>/seed_NNN, <fuzzer> as in fuzz_<fuzzer>)
#include <sys/stat.h>

#include <cstdio>
#include <string>

#include "seeds.hpp"

namespace seeds {
namespace {

std::vector<Fuzzer>& all() {
  static std::vector<Fuzzer> fuzzers;  // made on first use: registrars run in any order
  return fuzzers;
}

}  // namespace

Register::Register(const char* fuzzer, void (*write)(Corpus&)) { all().push_back({fuzzer, write}); }

const std::vector<Fuzzer>& registered() { return all(); }

void Corpus::save(const Writer& w) {
  mkdir(dir_.c_str(), 0755);
  char name[32];
  std::snprintf(name, sizeof name, "/seed_%03d", next_++);
  FILE* f = std::fopen((dir_ + name).c_str(), "wb");
  if (!f || std::fwrite(w.out.data(), 1, w.out.size(), f) != w.out.size()) ++failures_;
  if (f) std::fclose(f);
}

}  // namespace seeds

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  mkdir(dir.c_str(), 0755);
  int failures = 0;
  for (const seeds::Fuzzer& fuzzer : seeds::registered()) {
    seeds::Corpus corpus(dir + "/" + fuzzer.name);
    fuzzer.write(corpus);
    failures += corpus.failures();
  }
  if (failures) std::fprintf(stderr, "make_seeds: %d files not written\n", failures);
  return failures ? 1 : 0;
}
