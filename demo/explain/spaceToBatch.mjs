// spaceToBatch's explainer lives with its family's in batch.mjs; this file is where
// index.mjs finds it by the operation's name.
export { explainSpaceToBatch } from './batch.mjs';
