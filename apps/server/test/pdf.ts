// Reads a PDF back as a reader would, with none of the code that drew it: Mozilla's PDF engine
// (pdfjs-dist) parses it and extracts each page's text — only real text comes out, an image of text
// gives nothing — and renders a page to pixels (@napi-rs/canvas, the canvas pdfjs-dist uses in
// Node), where jsqr decodes the QR code as a phone's camera would.
import { createCanvas } from '@napi-rs/canvas';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pixels per PDF point when a page is rendered: 2 gives a 104 pt QR code ~7 px per module. */
const SCALE = 2;

export type ReadPdf = {
  pages: number;
  /** The text of page `n` (1-based) in reading order, items separated by a space, lines by a newline. */
  text(n: number): Promise<string>;
  /** Renders page `n` and decodes the QR code in its top `fraction` (the whole page by default); null when none is found. */
  qr(n: number, fraction?: number): Promise<string | null>;
  /**
   * Renders page `n` and decodes a Code 128 barcode in each cell of a `cols` × `rows` grid (label
   * sheets), row by row, with ZXing (not bwip-js, which drew them); null for a cell with none.
   */
  code128(n: number, cols: number, rows: number): Promise<Array<string | null>>;
  close(): Promise<void>;
};

/** Code 128 in a grey image region, or null (ZXing, trying harder: a scanner's patience). */
function decodeCode128(gray: Uint8ClampedArray, width: number, height: number): string | null {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(gray, width, height))), hints).getText();
  } catch {
    return null;
  }
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdfjs takes ownership of the buffer it is given: a copy leaves the caller's bytes intact.
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
  return {
    pages: doc.numPages,
    async text(n) {
      const content = await (await doc.getPage(n)).getTextContent();
      return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    },
    async qr(n, fraction = 1) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      const height = Math.ceil(canvas.height * fraction);
      const image = context.getImageData(0, 0, canvas.width, height);
      return jsQR(image.data, image.width, image.height)?.data ?? null;
    },
    async code128(n, cols, rows) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 3 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      const cw = Math.floor(canvas.width / cols);
      const ch = Math.floor(canvas.height / rows);
      const out: Array<string | null> = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const { data } = context.getImageData(c * cw, r * ch, cw, ch);
          const gray = new Uint8ClampedArray(cw * ch);
          for (let i = 0; i < gray.length; i++) gray[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
          out.push(decodeCode128(gray, cw, ch));
        }
      }
      return out;
    },
    close: () => doc.destroy(),
  };
}
