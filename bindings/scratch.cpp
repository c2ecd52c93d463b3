#include "scratch.hpp"

#include <cstdlib>

namespace bindings {

int64_t* g_scratch = nullptr;
size_t g_scratch_words = 0;

uintptr_t scratch(int words) noexcept {
  const size_t wanted = words < static_cast<int>(kScratchWords) ? kScratchWords : static_cast<size_t>(words);
  if (wanted != g_scratch_words) {
    void* resized = std::realloc(g_scratch, wanted * sizeof(int64_t));
    if (resized == nullptr) return 0;
    g_scratch = static_cast<int64_t*>(resized);
    g_scratch_words = wanted;
  }
  return reinterpret_cast<uintptr_t>(g_scratch);
}

bool grow_scratch(size_t words) noexcept {
  return words <= g_scratch_words || scratch(static_cast<int>(words)) != 0;
}

}  // namespace bindings
