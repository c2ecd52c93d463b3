// The core as the bindings and tests use it: errors, the engine, views, and
// every operation through the table (op_table(), make_operator). An
// operation's own typed functions (roll_shape, plan_roll, ...) are in its
// header, src/operations/<op_snake>.hpp: include it where they are called,
// so that a new operation edits no list here.
#pragma once

#include "base/error.hpp"

#include "engine/engine.hpp"
#include "engine/rebase.hpp"
#include "engine/view.hpp"

#include "runtime/op_call.hpp"
#include "runtime/op_table.hpp"
#include "runtime/operator.hpp"
#include "runtime/operator_cache.hpp"
