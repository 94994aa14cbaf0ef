import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// Draws an ID card. The layout is made once as a list of shapes (cardLayout) and drawn by two
// backends: an SVG rendered to PNG by resvg with the bundled DejaVu Sans fonts loaded from the
// dejavu-fonts-ttf package (never system fonts, so a machine without fonts draws the same card),
// and a vector PDF by pdfkit with the same fonts embedded (its text is real text) and a link on the
// QR code.

export type CardFace = {
  college: string;
  /** The institution's logo (PNG or JPEG from Settings), drawn at the left of the header; null: none. */
  logo: { bytes: Buffer; mimeType: string } | null;
  name: string;
  rollNo: string;
  department: string | null;
  section: string | null;
  bloodGroup: string | null;
  /** "YYYY-MM-DD". */
  validUntil: string;
  /** The address the QR code opens (/verify/{token}). */
  verifyUrl: string;
  /** The student's photo (PNG or JPEG bytes are drawn), else their initials are drawn. */
  photo: { bytes: Buffer; mimeType: string } | null;
};

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = { regular: path.join(fontDir, 'DejaVuSans.ttf'), bold: path.join(fontDir, 'DejaVuSans-Bold.ttf') };
/** The TTFs' bytes for pdfkit, read once on first use (transcripts' PDFs use them too). */
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
export const pdfFonts = () => (fontBytes ??= { regular: readFileSync(FONT.regular), bold: readFileSync(FONT.bold) });

/** CR80 card (85.6 × 54 mm) at 300 dpi, in layout units (PNG pixels). */
export const CARD_WIDTH = 1011;
export const CARD_HEIGHT = 638;
const MM = 72 / 25.4;

type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; strokeWidth?: number }
  | { kind: 'text'; x: number; y: number; size: number; bold?: boolean; fill: string; anchor?: 'start' | 'middle'; text: string }
  | { kind: 'image'; x: number; y: number; w: number; h: number; bytes: Buffer; mimeType: string; fit?: 'cover' | 'contain' }
  | { kind: 'qr'; x: number; y: number; size: number; url: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || 'S';
const formatDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A text's font size so that it fits `width` (DejaVu Sans averages ~0.6 em per character). */
const fitSize = (text: string, width: number, max: number, min = 18) => Math.max(min, Math.min(max, Math.floor(width / (text.length * 0.6))));
const clip = (text: string, width: number, size: number) => {
  const n = Math.floor(width / (size * 0.6));
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
};
/** Photos both backends draw (pdfkit takes PNG and JPEG only). */
const PDF_PHOTOS = new Set(['image/png', 'image/jpeg']);

/** The card as shapes in layout units (origin top left; text `y` is the baseline). */
export function cardLayout(face: CardFace): Shape[] {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const hasLogo = !!face.logo && PDF_PHOTOS.has(face.logo.mimeType);
  // With a logo the name is centred in the room right of it.
  const titleX = hasLogo ? (W + 120) / 2 : W / 2;
  const titleW = hasLogo ? W - 200 : W - 80;
  const collegeSize = fitSize(face.college, titleW, 38, 22);
  const nameSize = fitSize(face.name, 420, 40, 22);
  const photoBox = { x: 40, y: 160, w: 220, h: 280 };
  const shapes: Shape[] = [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: '#ffffff' },
    { kind: 'rect', x: 0, y: 0, w: W, h: 120, fill: '#1e3a8a' },
    { kind: 'text', x: titleX, y: 62, size: collegeSize, bold: true, fill: '#ffffff', anchor: 'middle', text: clip(face.college, titleW, collegeSize) },
    { kind: 'text', x: titleX, y: 100, size: 22, fill: '#c7d2fe', anchor: 'middle', text: 'STUDENT IDENTITY CARD' },
  ];
  if (hasLogo) shapes.push({ kind: 'rect', x: 30, y: 15, w: 90, h: 90, fill: '#ffffff' }, { kind: 'image', x: 35, y: 20, w: 80, h: 80, bytes: face.logo!.bytes, mimeType: face.logo!.mimeType, fit: 'contain' });
  if (face.photo && PDF_PHOTOS.has(face.photo.mimeType)) {
    shapes.push({ kind: 'image', ...photoBox, bytes: face.photo.bytes, mimeType: face.photo.mimeType });
  } else {
    shapes.push({ kind: 'rect', ...photoBox, fill: '#dbe4f3' }, { kind: 'text', x: 150, y: 330, size: 96, bold: true, fill: '#1e3a8a', anchor: 'middle', text: initialsOf(face.name) });
  }
  shapes.push({ kind: 'rect', ...photoBox, stroke: '#94a3b8', strokeWidth: 2 });
  shapes.push({ kind: 'text', x: 290, y: 198, size: nameSize, bold: true, fill: '#0f172a', text: clip(face.name, 420, nameSize) });
  if (face.department) {
    const size = fitSize(face.department, 420, 24, 16);
    shapes.push({ kind: 'text', x: 290, y: 244, size, fill: '#334155', text: clip(face.department, 420, size) });
  }
  const rows: Array<[string, string]> = [['Student ID', face.rollNo]];
  if (face.section) rows.push(['Section', face.section]);
  if (face.bloodGroup) rows.push(['Blood group', face.bloodGroup]);
  rows.push(['Valid until', formatDate(face.validUntil)]);
  rows.forEach(([label, value], i) => {
    const y = 300 + i * 48;
    shapes.push({ kind: 'text', x: 290, y, size: 22, fill: '#475569', text: label }, { kind: 'text', x: 450, y, size: 24, bold: true, fill: '#0f172a', text: clip(value, 270, 24) });
  });
  shapes.push(
    { kind: 'qr', x: W - 280, y: 160, size: 250, url: face.verifyUrl },
    { kind: 'text', x: W - 155, y: 440, size: 18, fill: '#475569', anchor: 'middle', text: 'Scan to verify' },
    { kind: 'rect', x: 0, y: H - 40, w: W, h: 40, fill: '#1e3a8a' },
    { kind: 'text', x: W / 2, y: H - 13, size: 18, fill: '#ffffff', anchor: 'middle', text: 'If found, please return to the college office.' },
  );
  return shapes;
}

/** The dark modules of a QR code, as cells of `size / (n + 8)` with a 4-cell quiet zone. */
export function qrCells(url: string, size: number): { cell: number; dark: Array<[number, number]> } {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  const dark: Array<[number, number]> = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) dark.push([(c + 4) * cell, (r + 4) * cell]);
  return { cell, dark };
}

export function cardSvg(face: CardFace): string {
  const body = cardLayout(face)
    .map((s) => {
      switch (s.kind) {
        case 'rect':
          return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" fill="${s.fill ?? 'none'}"${s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.strokeWidth ?? 1}"` : ''}/>`;
        case 'text':
          return `<text x="${s.x}" y="${s.y}" font-size="${s.size}"${s.bold ? ' font-weight="bold"' : ''} fill="${s.fill}"${s.anchor === 'middle' ? ' text-anchor="middle"' : ''}>${esc(s.text)}</text>`;
        case 'image':
          return `<image x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" preserveAspectRatio="xMidYMid ${s.fit === 'contain' ? 'meet' : 'slice'}" href="data:${s.mimeType};base64,${s.bytes.toString('base64')}"/>`;
        case 'qr': {
          const { cell, dark } = qrCells(s.url, s.size);
          return `<g transform="translate(${s.x} ${s.y})"><rect width="${s.size}" height="${s.size}" fill="#fff"/><path d="${dark.map(([x, y]) => `M${x} ${y}h${cell}v${cell}h-${cell}z`).join('')}" fill="#000" shape-rendering="crispEdges"/></g>`;
        }
      }
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans">
<clipPath id="card"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="28"/></clipPath>
<g clip-path="url(#card)">
${body}
</g>
</svg>`;
}

/** The card as a PNG (fonts from the bundled TTFs only), drawn on libuv's thread pool, off the event loop. */
export async function renderPng(face: CardFace): Promise<Buffer> {
  const image = await renderAsync(cardSvg(face), { font: { fontFiles: [FONT.regular, FONT.bold], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } });
  return Buffer.from(image.asPng());
}

/** The card as a one-page vector PDF of the card's size (85.6 × 54 mm), text embedded in DejaVu Sans, the QR code a link. */
export function renderPdf(face: CardFace): Promise<Buffer> {
  const k = (85.6 * MM) / CARD_WIDTH;
  const doc = new PDFDocument({ size: [85.6 * MM, 54 * MM], margin: 0, info: { Title: `ID card ${face.rollNo} ${face.name}`, Author: face.college, Subject: 'Student identity card' } });
  doc.registerFont('regular', pdfFonts().regular);
  doc.registerFont('bold', pdfFonts().bold);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.save().scale(k);
    doc.roundedRect(0, 0, CARD_WIDTH, CARD_HEIGHT, 28).clip();
    for (const s of cardLayout(face)) {
      if (s.kind === 'rect') {
        doc.rect(s.x, s.y, s.w, s.h);
        if (s.fill && s.stroke) doc.lineWidth(s.strokeWidth ?? 1).fillAndStroke(s.fill, s.stroke);
        else if (s.fill) doc.fill(s.fill);
        else if (s.stroke) doc.lineWidth(s.strokeWidth ?? 1).stroke(s.stroke);
      } else if (s.kind === 'text') {
        doc.font(s.bold ? 'bold' : 'regular').fontSize(s.size).fillColor(s.fill);
        const x = s.anchor === 'middle' ? s.x - doc.widthOfString(s.text) / 2 : s.x;
        doc.text(s.text, x, s.y, { lineBreak: false, baseline: 'alphabetic' });
      } else if (s.kind === 'image') {
        doc.save().rect(s.x, s.y, s.w, s.h).clip();
        doc.image(s.bytes, s.x, s.y, { ...(s.fit === 'contain' ? { fit: [s.w, s.h] as [number, number] } : { cover: [s.w, s.h] as [number, number] }), align: 'center', valign: 'center' });
        doc.restore();
      } else {
        const { cell, dark } = qrCells(s.url, s.size);
        doc.rect(s.x, s.y, s.size, s.size).fill('#ffffff');
        // Runs of dark cells per row, a hair taller than a cell so rows meet without seams.
        const rows = new Map<number, number[]>();
        for (const [x, y] of dark) rows.set(y, [...(rows.get(y) ?? []), x]);
        for (const [y, xs] of rows) {
          for (let i = 0; i < xs.length; ) {
            let j = i;
            while (j + 1 < xs.length && Math.abs(xs[j + 1]! - xs[j]! - cell) < 1e-6) j++;
            doc.rect(s.x + xs[i]!, s.y + y, xs[j]! - xs[i]! + cell, cell * 1.03);
            i = j + 1;
          }
        }
        doc.fill('#000000');
        doc.link(s.x, s.y, s.size, s.size, s.url);
      }
    }
    doc.restore();
    doc.end();
  });
}
