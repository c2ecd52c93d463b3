// Every operation, one line each: OP(<op_snake>) names the entry
// `const OpSpec& <op_snake>_op()` that src/operations/<op_snake>.cpp defines.
// The order is the table's: ops.operations lists them so, and the bindings
// call an operation by its position. Read by op_table.cpp with OP defined.
OP(reshape)
OP(broadcast)
OP(space_to_depth)
OP(depth_to_space)
OP(roll)
OP(transpose)
OP(slice)
OP(reverse)
OP(pad)
OP(concat)
OP(split)
OP(tile)
OP(space_to_batch)
OP(batch_to_space)
OP(gather)
OP(gather_elements)
OP(gather_nd)
OP(squeeze)
OP(unsqueeze)
OP(flatten)
