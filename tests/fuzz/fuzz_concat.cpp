// libFuzzer harness: concat of a list of tensors (shape function, plan,
// prepared plan run with one exact-size buffer per input, alone and on the
// pool, reference). Input: width, offsets, a base shape, axis, the number of
// inputs, then per input either its dim on the axis or a whole shape of its own.
#include <memory>

#include "fuzz_common.hpp"
#include "ops/concat/reference.hpp"

namespace {

// Runs the plan with every input in its own exact buffer (AddressSanitizer
// sees a read past any of them) and compares with the reference, whose
// indices count the inputs laid end to end.
void run_concat(const tensor_ops::CopyPlan& plan, const std::vector<fuzz::Shape>& inputs,
                const ref::Gather* gather, fuzz::Offsets offsets, uint64_t seed) {
  const size_t w = plan.elem_size;
  const size_t out_count = static_cast<size_t>(fuzz::safe_volume(plan.output_shape));
  std::vector<std::unique_ptr<fuzz::Exact>> buffers;
  std::vector<const void*> sources;
  std::vector<size_t> firsts, counts;  // each input's first joined index and volume
  size_t joined = 0;
  for (const fuzz::Shape& s : inputs) {
    const size_t n = static_cast<size_t>(fuzz::safe_volume(s));
    buffers.push_back(std::make_unique<fuzz::Exact>((n + offsets.in) * w));
    fuzz::Exact& b = *buffers.back();
    for (size_t i = 0; i < b.size; ++i) b.data[i] = static_cast<unsigned char>(fuzz::splitmix(seed));
    sources.push_back(b.data + offsets.in * w);
    firsts.push_back(joined);
    counts.push_back(n);
    joined += n;
  }
  const tensor_ops::PreparedPlan prepared = tensor_ops::prepare_plan(plan);
  fuzz::Exact first((out_count + offsets.out) * w), second((out_count + offsets.out) * w);
  std::memset(first.data, 0x00, first.size);
  std::memset(second.data, 0xFF, second.size);
  unsigned char* out1 = first.data + offsets.out * w;
  unsigned char* out2 = second.data + offsets.out * w;
  tensor_ops::execute(prepared, sources.data(), out1, nullptr);
  tensor_ops::execute(prepared, sources.data(), out2, &fuzz::pool());
  const std::string where = "concat: output " + fuzz::str(plan.output_shape) + ", width " + std::to_string(w);
  for (size_t j = 0; j < out_count; ++j) {
    if (std::memcmp(out1 + j * w, out2 + j * w, w) != 0) {
      fuzz::fail(where + ": output element " + std::to_string(j) + " differs between the pool and the calling thread");
    }
    if (gather) {
      const size_t from = static_cast<size_t>(gather->from[j]);
      size_t k = 0;
      while (k + 1 < firsts.size() && from >= firsts[k] + counts[k]) ++k;
      const unsigned char* src = static_cast<const unsigned char*>(sources[k]) + (from - firsts[k]) * w;
      if (std::memcmp(out1 + j * w, src, w) != 0) {
        fuzz::fail(where + ": output element " + std::to_string(j) + " differs from the reference's input element");
      }
    }
  }
  for (size_t b = 0; b < offsets.out * w; ++b) {
    if (first.data[b] != 0x00 || second.data[b] != 0xFF) fuzz::fail(where + ": wrote before the output");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  const size_t width = fuzz::read_width(r);
  const fuzz::Offsets offsets = fuzz::read_offsets(r);
  const fuzz::Shape base = fuzz::read_shape(r, 6);
  const int64_t axis = r.value(-7, 14);
  const size_t count = r.byte() % 7;  // 0: the empty list
  const int64_t rank = static_cast<int64_t>(base.size());
  const bool axis_ok = axis >= -rank && axis < rank;
  std::vector<fuzz::Shape> inputs;
  for (size_t k = 0; k < count; ++k) {
    if (r.byte() % 8 == 0 || !axis_ok) {
      inputs.push_back(fuzz::read_shape(r, 6));
    } else {
      inputs.push_back(base);
      inputs.back()[static_cast<size_t>(axis < 0 ? axis + rank : axis)] = r.value(0, 16);
    }
  }
  const th::Call call = th::Call("concat", inputs).with("axis", {axis});
  const fuzz::Outcome by_shape = fuzz::outcome_of([&] { return call.shape(width); });
  fuzz::check_message(by_shape, "concat");
  std::optional<tensor_ops::CopyPlan> plan;
  const fuzz::Outcome by_plan = fuzz::outcome_of([&]() -> tensor_ops::Result<fuzz::Shape> {
    tensor_ops::Result<tensor_ops::CopyPlan> made = call.plan(width);
    if (!made.ok()) return made.status();
    plan = std::move(made).value();
    return plan->output_shape;
  });
  fuzz::check_agreement("concat", by_shape, by_plan, width);
  if (!by_plan.ok) {
    if (by_plan.code == tensor_ops::ErrorCode::OutOfMemory || (width != 1 && width != 2 && width != 4 && width != 8)) {
      return 0;
    }
  }
  bool tame = fuzz::tame({axis});
  int64_t total = 0;
  for (const fuzz::Shape& s : inputs) {
    const int64_t v = fuzz::safe_volume(s);
    tame = tame && fuzz::tame(s) && v >= 0;
    total = v >= 0 && v <= fuzz::kMaxRefElements && total >= 0 ? total + v : -1;
  }
  if (!tame || total < 0 || total > fuzz::kMaxRefElements) return 0;
  const std::optional<ref::Gather> gather = ref::concat(inputs, axis);
  if (by_plan.ok != gather.has_value()) {
    fuzz::fail("concat: core " + by_plan.text() + " but the reference " +
               (gather ? "accepts it as " + fuzz::str(gather->shape) : std::string("rejects it")));
  }
  if (by_plan.ok) run_concat(*plan, inputs, &*gather, offsets, fuzz::seed_of(data, size));
  return 0;
}
