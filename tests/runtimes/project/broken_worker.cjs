// Stands in for the threaded build's worker in check.mjs's 'broken-worker'
// mode: a pool worker that fails as it starts.
throw new Error('this worker fails on purpose');
