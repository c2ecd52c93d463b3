// The whole core: include this one header.
#pragma once

#include "base/error.hpp"

#include "engine/engine.hpp"
#include "engine/rebase.hpp"
#include "engine/view.hpp"

#include "operations/batch_to_space.hpp"
#include "operations/broadcast.hpp"
#include "operations/concat.hpp"
#include "operations/depth_to_space.hpp"
#include "operations/gather.hpp"
#include "operations/gather_elements.hpp"
#include "operations/gather_nd.hpp"
#include "operations/pad.hpp"
#include "operations/reshape.hpp"
#include "operations/reverse.hpp"
#include "operations/roll.hpp"
#include "operations/slice.hpp"
#include "operations/space_to_batch.hpp"
#include "operations/space_to_depth.hpp"
#include "operations/split.hpp"
#include "operations/tile.hpp"
#include "operations/transpose.hpp"
#include "operations/squeeze.hpp"
#include "operations/unsqueeze.hpp"
#include "operations/flatten.hpp"

#include "runtime/op_table.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
