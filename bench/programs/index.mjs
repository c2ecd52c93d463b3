// The user programs of bench/programs.mjs, in the order of the table.
import causalMask from './causal_mask.mjs';
import embeddingRows from './embedding_rows.mjs';
import frameToNchw from './frame_to_nchw.mjs';
import imagenetCrop from './imagenet_crop.mjs';
import kvCache from './kv_cache.mjs';
import lastToken from './last_token.mjs';
import letterbox from './letterbox.mjs';
import { binaryMask, classMask, classMaskInt32 } from './mask_palette.mjs';
import pixelShuffle from './pixel_shuffle.mjs';
import reflectPad from './reflect_pad.mjs';
import segmentationMap from './segmentation_map.mjs';
import topkLogits from './topk_logits.mjs';
import yoloPost from './yolo_post.mjs';

export const PROGRAMS = [
  frameToNchw, imagenetCrop, letterbox, yoloPost, embeddingRows, lastToken,
  binaryMask, classMask, classMaskInt32, segmentationMap, pixelShuffle, reflectPad,
  topkLogits, causalMask, kvCache,
];
