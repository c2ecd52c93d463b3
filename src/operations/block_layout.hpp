// What SpaceToDepth and DepthToSpace share: data formats, block modes, and
// the copies that move b x b spatial blocks into the depth dimension.
#pragma once

#include <string>

#include "operations/op_spec.hpp"

namespace tensor_ops {

enum class DataFormat { NHWC, NCHW, NCHW_VECT_C };
enum class BlockMode { BlocksFirst, DepthFirst };
// Their names, in the enums' order (the operation table passes indices).
inline constexpr const char* kDataFormatNames[] = {"NHWC", "NCHW", "NCHW_VECT_C"};
inline constexpr const char* kBlockModeNames[] = {"blocks_first", "depth_first"};
// ONNX's names of the same modes (DepthToSpace's mode attribute).
inline constexpr const char* kBlockModeOnnxNames[] = {"DCR", "CRD"};

// "NHWC", "NCHW", "NCHW_VECT_C"; INVALID_ARGUMENT (naming `op`) otherwise.
Result<DataFormat> parse_data_format(const char* op, const std::string& name);
// "blocks_first", "depth_first"; INVALID_ARGUMENT (naming `op`) otherwise.
Result<BlockMode> parse_block_mode(const char* op, const std::string& name);

// Their parameters in the operation table, (x, blockSize, { dataFormat, mode }),
// and the names' values of a call.
std::vector<ParamSpec> block_params();
DataFormat data_format_of(const OpArgs& args);
BlockMode block_mode_of(const OpArgs& args);

// Validates what both operations require of x.shape and blockSize alone:
// the rank of the data format, NCHW_VECT_C's last dim of 4, blockSize >= 1.
Status check_block_input(const char* op, const Shape& x, int64_t block_size, DataFormat format);

// The axes of x.shape that hold the spatial dims, and the one holding depth
// (for NCHW_VECT_C, the C/4 axis).
std::vector<size_t> spatial_axes(DataFormat format, size_t rank);
size_t depth_axis(DataFormat format);

// blockSize ^ (number of spatial dims): how many elements one block holds.
// INVALID_ARGUMENT when it overflows.
Result<int64_t> block_volume(const char* op, int64_t block_size, size_t spatial_dims);

// Copies from the space layout (source) to the depth layout (destination);
// depthToSpace runs them with source and destination swapped.
std::vector<StridedCopy> space_to_depth_copies(const Shape& space, int64_t block_size,
                                               DataFormat format, BlockMode mode);

}  // namespace tensor_ops
