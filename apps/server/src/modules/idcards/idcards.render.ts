import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// Draws an ID card: an SVG laid out here, rendered to PNG by resvg with the bundled DejaVu Sans
// fonts loaded from the dejavu-fonts-ttf package (never system fonts, so a machine without fonts
// draws the same card), and a PDF of the card's size holding that PNG with a link on the QR code.

export type CardFace = {
  college: string;
  name: string;
  rollNo: string;
  department: string | null;
  section: string | null;
  bloodGroup: string | null;
  /** "YYYY-MM-DD". */
  validUntil: string;
  /** The address the QR code opens (/verify/{token}). */
  verifyUrl: string;
  /** The student's photo (PNG, JPEG or GIF bytes), else their initials are drawn. */
  photo: { bytes: Buffer; mimeType: string } | null;
};

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = [path.join(fontDir, 'DejaVuSans.ttf'), path.join(fontDir, 'DejaVuSans-Bold.ttf')];

/** CR80 card (85.6 × 54 mm) at 300 dpi. */
export const CARD_WIDTH = 1011;
export const CARD_HEIGHT = 638;
const DRAWABLE_PHOTOS = new Set(['image/png', 'image/jpeg', 'image/gif']);

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

/** The QR code of `url` as SVG rects inside a `size` square at (x, y), with a quiet zone. */
function qrSvg(url: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  const rects: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) rects.push(`M${(c + 4) * cell} ${(r + 4) * cell}h${cell}v${cell}h-${cell}z`);
    }
  }
  return `<g transform="translate(${x} ${y})"><rect width="${size}" height="${size}" fill="#fff"/><path d="${rects.join('')}" fill="#000" shape-rendering="crispEdges"/></g>`;
}

export function cardSvg(face: CardFace): string {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const collegeSize = fitSize(face.college, W - 80, 38, 22);
  const photo =
    face.photo && DRAWABLE_PHOTOS.has(face.photo.mimeType)
      ? `<image x="40" y="160" width="220" height="280" preserveAspectRatio="xMidYMid slice" href="data:${face.photo.mimeType};base64,${face.photo.bytes.toString('base64')}"/>`
      : `<rect x="40" y="160" width="220" height="280" fill="#dbe4f3"/><text x="150" y="330" font-size="96" font-weight="bold" fill="#1e3a8a" text-anchor="middle">${esc(initialsOf(face.name))}</text>`;
  const nameSize = fitSize(face.name, 420, 40, 22);
  const rows: Array<[string, string]> = [
    ['Student ID', face.rollNo],
    ...(face.section ? ([['Section', face.section]] as Array<[string, string]>) : []),
    ...(face.bloodGroup ? ([['Blood group', face.bloodGroup]] as Array<[string, string]>) : []),
    ['Valid until', formatDate(face.validUntil)],
  ];
  const lines = rows
    .map(([label, value], i) => {
      const y = 300 + i * 48;
      return `<text x="290" y="${y}" font-size="22" fill="#475569">${esc(label)}</text><text x="450" y="${y}" font-size="24" font-weight="bold" fill="#0f172a">${esc(clip(value, 270, 24))}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans">
<rect width="${W}" height="${H}" rx="28" fill="#ffffff"/>
<rect width="${W}" height="120" fill="#1e3a8a"/>
<text x="${W / 2}" y="62" font-size="${collegeSize}" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(clip(face.college, W - 80, collegeSize))}</text>
<text x="${W / 2}" y="100" font-size="22" fill="#c7d2fe" text-anchor="middle">STUDENT IDENTITY CARD</text>
${photo}
<rect x="40" y="160" width="220" height="280" fill="none" stroke="#94a3b8" stroke-width="2"/>
<text x="290" y="198" font-size="${nameSize}" font-weight="bold" fill="#0f172a">${esc(clip(face.name, 420, nameSize))}</text>
${face.department ? `<text x="290" y="244" font-size="${fitSize(face.department, 420, 24, 16)}" fill="#334155">${esc(clip(face.department, 420, fitSize(face.department, 420, 24, 16)))}</text>` : ''}
${lines}
${qrSvg(face.verifyUrl, W - 280, 160, 250)}
<text x="${W - 155}" y="440" font-size="18" fill="#475569" text-anchor="middle">Scan to verify</text>
<rect y="${H - 40}" width="${W}" height="40" fill="#1e3a8a"/>
<text x="${W / 2}" y="${H - 13}" font-size="18" fill="#ffffff" text-anchor="middle">If found, please return to the college office.</text>
</svg>`;
}

/** The card as a PNG (fonts from the bundled TTFs only), drawn on libuv's thread pool, off the event loop. */
export async function renderPng(face: CardFace): Promise<Buffer> {
  const image = await renderAsync(cardSvg(face), { font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } });
  return Buffer.from(image.asPng());
}

/** The card as a one-page PDF of the card's size: the PNG, with the QR code a link to the verify page. */
export function renderPdf(png: Buffer, face: Pick<CardFace, 'name' | 'rollNo' | 'verifyUrl' | 'college'>): Promise<Buffer> {
  const w = (85.6 / 25.4) * 72;
  const h = (54 / 25.4) * 72;
  const doc = new PDFDocument({ size: [w, h], margin: 0, info: { Title: `ID card ${face.rollNo} ${face.name}`, Author: face.college, Subject: 'Student identity card' } });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.image(png, 0, 0, { width: w, height: h });
    const k = w / CARD_WIDTH;
    doc.link((CARD_WIDTH - 280) * k, 160 * k, 250 * k, 250 * k, face.verifyUrl);
    doc.end();
  });
}
