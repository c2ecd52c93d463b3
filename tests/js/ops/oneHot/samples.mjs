// A few calls of oneHot on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
// `dtypes`: the input dtypes the operation takes (indices of an integer
// dtype); the suites run the samples on those only.
const INDEX_DTYPES = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];

export const samples = [
  { label: '[3,4] depth 5', shape: [3, 4], args: { depth: 5 }, dtypes: INDEX_DTYPES },
  { label: '[2,3] depth 256 along axis 0, uint8 values', shape: [2, 3], args: { depth: 256, axis: 0, values: [7, 9], dtype: 'uint8' },
    dtypes: INDEX_DTYPES },
  { label: '[4] depth 3 along axis -2, float16, subarray input', shape: [4], args: { depth: 3, axis: -2, dtype: 'float16' }, offset: 1,
    dtypes: INDEX_DTYPES },
];
