/** The dataset files the card page fetches, by the name the dataset reader knows (meta.json → meta.min.json): read by the page and cached by its service worker. */
import { BUNDLE_FILES } from '../../../../pipeline/model/dataset.ts';

export const DATASET_FILES: readonly { file: string; served: string }[] = Object.values(BUNDLE_FILES).map((file) => ({
  file,
  served: file.replace(/\.json$/, '.min.json'),
}));
