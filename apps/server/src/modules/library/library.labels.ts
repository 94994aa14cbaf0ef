import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { LABEL_LAYOUTS } from '@crs/shared/schemas/library';
import type { LabelLayout } from '@crs/shared/schemas/library';

// Spine and inside-cover labels for copies: A4 sheets of a common label stock, each label the
// copy's Code 128 barcode (its accession number, drawn by bwip-js), the number in words a person
// can read, and a short title (decision 0051).

const MM = 72 / 25.4;
const A4 = { w: 210 * MM, h: 297 * MM };

export type Label = { accession: string; title: string; shelf: string | null };

/** The title cut to fit one label line. */
export const shortTitle = (title: string, max = 34) => (title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`);

/** A Code 128 barcode as a PNG: 3 px per module, quiet zones either side, no text (the label prints it). */
const barcodePng = (text: string) => bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 9, paddingwidth: 10, includetext: false });

/**
 * The labels on A4 sheets, in order, filling each sheet row by row. `layout` names the stock:
 * 3×8 (70 × 37.125 mm, 24 a sheet) or 4×10 (52.5 × 29.7 mm, 40 a sheet), both edge to edge.
 */
export async function renderLabels(labels: readonly Label[], layout: LabelLayout, fonts: { regular: Buffer; bold: Buffer }, college: string): Promise<Buffer> {
  const { cols, rows } = LABEL_LAYOUTS[layout];
  const cell = { w: A4.w / cols, h: A4.h / rows };
  const pad = 2.5 * MM;
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `Library labels (${labels.length})`, Author: college, Subject: 'Accession barcode labels' } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const small = layout === '4x10';
  for (const [i, label] of labels.entries()) {
    const at = i % (cols * rows);
    if (at === 0) doc.addPage();
    const x = (at % cols) * cell.w + pad;
    const y = Math.floor(at / cols) * cell.h + pad;
    const w = cell.w - 2 * pad;
    doc.font('regular').fontSize(small ? 5.5 : 6.5).fillColor('#333333').text(college, x, y, { width: w, height: 8, lineBreak: false, ellipsis: true });
    doc.font('bold').fontSize(small ? 6.5 : 8).fillColor('#000000').text(shortTitle(label.title, small ? 28 : 34), x, y + (small ? 7 : 8.5), { width: w, height: 10, lineBreak: false, ellipsis: true });
    const barTop = y + (small ? 16 : 20);
    const barHeight = cell.h - 2 * pad - (small ? 16 : 20) - (small ? 9 : 11);
    doc.image(await barcodePng(label.accession), x, barTop, { width: w, height: barHeight });
    doc.font('bold').fontSize(small ? 7 : 8.5).text(label.accession, x, barTop + barHeight + 1.5, { width: w, align: 'center', lineBreak: false });
    if (label.shelf && !small) doc.font('regular').fontSize(6).text(label.shelf, x, barTop + barHeight + 2.5, { width: w, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
