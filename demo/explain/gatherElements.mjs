// gatherElements's explainer lives with its family's in gather.mjs; this file is where
// index.mjs finds it by the operation's name.
export { explainGatherElements } from './gather.mjs';
