// threadsAvailable(): whether load() can run the threaded build here.
import { load, threadsAvailable } from 'wasm-tensor-ops';

const available: boolean = threadsAvailable();
const ops = await load({ threads: available ? 2 : 1 });
const variant: 'simd-mt' | 'simd-st' = ops.backend.variant;

export { variant };
