// The whole core: include this one header.
#pragma once

#include "broadcast.hpp"
#include "depth_to_space.hpp"
#include "engine.hpp"
#include "error.hpp"
#include "op_table.hpp"
#include "operator.hpp"
#include "operator_cache.hpp"
#include "reshape.hpp"
#include "roll.hpp"
#include "space_to_depth.hpp"
#include "transpose.hpp"
#include "view.hpp"
#include "tile.hpp"
#include "space_to_batch.hpp"
#include "batch_to_space.hpp"
