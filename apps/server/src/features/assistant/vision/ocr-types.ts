export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** Tesseract's confidence, 0–100. */
  confidence: number;
  box: OcrBox;
}

/** A run of words on one row with no wide gap inside (a nav row gives one line per link). */
export interface OcrLine {
  text: string;
  /** The mean confidence of its words, 0–100. */
  confidence: number;
  box: OcrBox;
  words: OcrWord[];
}

/** Boxes are in the pixels of the normalised image (EXIF-rotated, scaled): `width` × `height`. */
export interface OcrPage {
  width: number;
  height: number;
  /** In reading order: rows top to bottom, left to right within a row. */
  lines: OcrLine[];
}
