// libFuzzer harness: oneHot through the table against the rule written in
// one_hot_fuzz.hpp (which describes the checks and the input's format).
#include "one_hot_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fuzz::one_hot_one(data, size); }
