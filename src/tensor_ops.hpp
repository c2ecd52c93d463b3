// The whole core: include this one header.
#pragma once

#include "broadcast.hpp"
#include "concat.hpp"
#include "depth_to_space.hpp"
#include "engine.hpp"
#include "error.hpp"
#include "op_table.hpp"
#include "operator.hpp"
#include "operator_cache.hpp"
#include "reshape.hpp"
#include "roll.hpp"
#include "space_to_depth.hpp"
#include "split.hpp"
#include "transpose.hpp"
#include "view.hpp"
