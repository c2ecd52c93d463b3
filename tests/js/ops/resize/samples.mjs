// A few calls of resize on small shapes, for the suites that run every
// operation on every dtype in every engine and runtime (their results are
// compared with Node's; the values themselves are golden.test.mjs's).
// `dtypes`: every dtype but bool, which resize refuses. `computed`: values
// come from arithmetic, so a NaN's sign and payload are the engine's
// (WebAssembly leaves them open: JavaScriptCore gives +NaN where V8 gives
// -NaN for Infinity - Infinity), and NaNs compare as NaN across engines.
const DTYPES = ['int8', 'uint8', 'int16', 'uint16', 'float16', 'bfloat16', 'int32', 'uint32', 'float32', 'int64', 'uint64',
  'float64'];

export const samples = [
  { label: '[1,3,2] nearest sizes [1,5,4]', shape: [1, 3, 2], args: { sizes: [1, 5, 4] }, dtypes: DTYPES },
  { label: '[2,3,4] linear scales [1,2,0.5]', shape: [2, 3, 4], args: { scales: [1, 2, 0.5], mode: 'linear' }, dtypes: DTYPES, computed: true },
  { label: '[1,4,4,3] NHWC bicubic antialias to [2,3], subarray input', shape: [1, 4, 4, 3],
    args: { sizes: [2, 3], axes: [1, 2], mode: 'cubic', antialias: true }, offset: 2, dtypes: DTYPES, computed: true },
  { label: '[5] linear align_corners to 7', shape: [5], args: { sizes: [7], mode: 'linear', coordinateTransformationMode: 'align_corners' },
    dtypes: DTYPES, computed: true },
];
