// malloc for tensors: reaches the top of the 4 GiB memory, and never grows
// the memory for a block it cannot give.
#pragma once

#include <cstddef>

namespace bindings {

void* malloc_large(size_t bytes) noexcept;

}  // namespace bindings
