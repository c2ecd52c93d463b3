export const EXPLAIN = {};
