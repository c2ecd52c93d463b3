// Random valid calls of argMax for the view tests (tests/js/ops/_shared/arg_reduce_cases.mjs).
import { argReduceCall } from '../_shared/arg_reduce_cases.mjs';

export const randomCall = argReduceCall('argMax');
export { tags, variants } from '../_shared/arg_reduce_cases.mjs';
