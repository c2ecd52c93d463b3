#include "operations/arg_max.hpp"

#include "operations/arg_reduce_op.hpp"

namespace tensor_ops {

const OpSpec& arg_max_op() {
  static const OpSpec spec = arg_reduce_spec("argMax", /*max=*/true);
  return spec;
}

}  // namespace tensor_ops
