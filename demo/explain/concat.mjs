// concat's explainer lives with its family's in concat_split.mjs; this file is where
// index.mjs finds it by the operation's name.
export { explainConcat } from './concat_split.mjs';
