// depthToSpace's explainer lives with its family's in blocks.mjs; this file is where
// index.mjs finds it by the operation's name.
export { explainDepthToSpace } from './blocks.mjs';
