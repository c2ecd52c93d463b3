#include "operations/arg_min.hpp"

#include "operations/arg_reduce_op.hpp"

namespace tensor_ops {

const OpSpec& arg_min_op() {
  static const OpSpec spec = arg_reduce_spec("argMin", /*max=*/false);
  return spec;
}

}  // namespace tensor_ops
