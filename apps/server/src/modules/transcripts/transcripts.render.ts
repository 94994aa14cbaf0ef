import PDFDocument from 'pdfkit';
import type { TranscriptDocument } from '@crs/shared/schemas/transcripts';
import { pdfFonts, qrCells } from '../idcards/idcards.service.ts';

// Draws grade cards and transcripts as A4 PDFs with pdfkit: real text in the embedded DejaVu Sans
// (selectable and searchable, the fonts the ID cards use), the college's name and logo from
// Settings, and a vector QR code (with a link over it) opening the public verification page.
// Several documents go into one PDF (a section's batch): each starts on a new page.

export type PrintedDocument = {
  doc: TranscriptDocument;
  /** The address the QR code opens (`${PUBLIC_URL}/verify/transcripts/{token}`). */
  verifyUrl: string;
  /** "YYYY-MM-DD", the college's date of issue. */
  issuedOn: string;
};
export type Letterhead = { college: string; logo: { bytes: Buffer; mimeType: string } | null };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const NAVY = '#1e3a8a';
const INK = '#0f172a';
const MUTED = '#475569';
const LOGOS = new Set(['image/png', 'image/jpeg']);
const two = (n: number | null) => (n === null ? '—' : n.toFixed(2));
const formatDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The columns of a term's table: x offsets from the left margin, widths, alignment. */
const COLS = [
  { label: 'Code', w: 70, align: 'left' },
  { label: 'Subject', w: 215, align: 'left' },
  { label: 'Credits', w: 50, align: 'right' },
  { label: 'Marks %', w: 60, align: 'right' },
  { label: 'Grade', w: 50, align: 'right' },
  { label: 'Points', w: 54, align: 'right' },
] as const;

type Doc = InstanceType<typeof PDFDocument>;

function header(pdf: Doc, head: Letterhead, title: string): void {
  const [W] = A4;
  pdf.rect(0, 0, W, 96).fill(NAVY);
  const hasLogo = !!head.logo && LOGOS.has(head.logo.mimeType);
  if (hasLogo) {
    pdf.rect(MARGIN - 6, 18, 60, 60).fill('#ffffff');
    try {
      pdf.image(head.logo!.bytes, MARGIN - 2, 22, { fit: [52, 52], align: 'center', valign: 'center' });
    } catch {
      // A logo pdfkit cannot read (an unusual PNG) leaves the white box: the document is still issued.
    }
  }
  const left = hasLogo ? MARGIN + 70 : MARGIN;
  pdf.font('bold').fontSize(18).fillColor('#ffffff').text(head.college, left, 30, { width: W - left - MARGIN, lineBreak: false, ellipsis: true });
  pdf.font('regular').fontSize(11).fillColor('#c7d2fe').text(title, left, 58, { width: W - left - MARGIN, lineBreak: false });
}

function studentBlock(pdf: Doc, p: PrintedDocument, y: number): number {
  const s = p.doc.student;
  const rows: Array<[string, string]> = [
    ['Name', s.name],
    ['Student ID', s.studentId ?? '—'],
    ['Department', s.department ?? '—'],
    ['Programme', s.programme ?? '—'],
    ['Issued on', formatDate(p.issuedOn)],
  ];
  rows.forEach(([label, value], i) => {
    pdf.font('regular').fontSize(10).fillColor(MUTED).text(label, MARGIN, y + i * 17, { lineBreak: false });
    pdf.font('bold').fontSize(10).fillColor(INK).text(value, MARGIN + 90, y + i * 17, { width: 300, lineBreak: false, ellipsis: true });
  });
  return y + rows.length * 17;
}

/** The QR code (vector, with a link) at the top right of the page, under the header. */
function qr(pdf: Doc, url: string): void {
  const size = 104;
  const x = A4[0] - MARGIN - size;
  const y = 108;
  const { cell, dark } = qrCells(url, size);
  pdf.rect(x, y, size, size).fill('#ffffff');
  for (const [cx, cy] of dark) pdf.rect(x + cx, y + cy, cell, cell * 1.03);
  pdf.fill('#000000');
  pdf.link(x, y, size, size, url);
  pdf.font('regular').fontSize(8).fillColor(MUTED).text('Scan to verify', x, y + size + 2, { width: size, align: 'center', lineBreak: false });
}

function termTable(pdf: Doc, term: TranscriptDocument['terms'][number], y: number, head: Letterhead, title: string): number {
  const [, H] = A4;
  const rowH = 16;
  // A term is kept on one page when it fits there; else it starts on the next one.
  if (y + 40 + rowH * (term.subjects.length + 1) > H - MARGIN - 60) {
    pdf.addPage({ size: A4, margin: 0 });
    header(pdf, head, title);
    y = 120;
  }
  pdf.font('bold').fontSize(12).fillColor(NAVY).text(`Semester ${term.term}`, MARGIN, y, { lineBreak: false });
  y += 20;
  const cells = (values: string[], bold: boolean, color: string) => {
    let x = MARGIN;
    COLS.forEach((c, i) => {
      pdf.font(bold ? 'bold' : 'regular').fontSize(9).fillColor(color).text(values[i]!, x + 2, y + 4, { width: c.w - 4, align: c.align, lineBreak: false, ellipsis: true });
      x += c.w;
    });
    y += rowH;
  };
  const width = COLS.reduce((s, c) => s + c.w, 0);
  pdf.rect(MARGIN, y, width, rowH).fill('#e2e8f0');
  cells(
    COLS.map((c) => c.label),
    true,
    INK,
  );
  for (const s of term.subjects) {
    cells([s.code, s.provisional ? `${s.name} *` : s.name, String(s.credits), s.percent.toFixed(2), s.grade, String(s.gradePoint)], false, INK);
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .stroke('#cbd5e1');
  }
  y += 4;
  pdf.font('bold').fontSize(10).fillColor(INK).text(`SGPA ${two(term.sgpa)}   ·   Credits ${term.credits}`, MARGIN, y, { width, align: 'right', lineBreak: false });
  return y + 26;
}

function draw(pdf: Doc, head: Letterhead, p: PrintedDocument): void {
  const d = p.doc;
  const title = d.kind === 'transcript' ? 'CONSOLIDATED TRANSCRIPT' : `GRADE CARD · SEMESTER ${d.terms[0]?.term ?? ''}`;
  header(pdf, head, title);
  qr(pdf, p.verifyUrl);
  let y = studentBlock(pdf, p, 116) + 24;
  for (const term of d.terms) y = termTable(pdf, term, y, head, title);
  if (y > A4[1] - MARGIN - 70) {
    pdf.addPage({ size: A4, margin: 0 });
    header(pdf, head, title);
    y = 120;
  }
  pdf.rect(MARGIN, y, A4[0] - 2 * MARGIN, 28).fill('#eef2ff');
  pdf
    .font('bold')
    .fontSize(11)
    .fillColor(NAVY)
    .text(`CGPA ${two(d.cgpa)}   ·   Total credits ${d.totalCredits}`, MARGIN + 10, y + 9, { lineBreak: false });
  y += 40;
  const notes = ['SGPA and CGPA: Σ(credits × grade point) / Σ credits over the subjects with a published result.'];
  if (d.terms.some((t) => t.subjects.some((s) => s.provisional))) notes.push('* Provisional: some of the subject’s exams are not published yet.');
  notes.push(`Verify this document at ${p.verifyUrl}`);
  for (const n of notes) {
    pdf.font('regular').fontSize(8).fillColor(MUTED).text(n, MARGIN, y, { width: A4[0] - 2 * MARGIN });
    y = pdf.y + 3;
  }
}

/** One PDF holding every document given, each from a new page. */
export function renderDocuments(head: Letterhead, docs: readonly PrintedDocument[]): Promise<Buffer> {
  const first = docs[0]!;
  const pdf = new PDFDocument({
    size: A4,
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: docs.length === 1 ? `${first.doc.kind === 'transcript' ? 'Transcript' : 'Grade card'} ${first.doc.student.studentId ?? ''} ${first.doc.student.name}` : `${docs.length} documents`,
      Author: head.college,
      ...(docs.length === 1 ? { Subject: `CGPA ${two(first.doc.cgpa)}` } : {}),
    },
  });
  pdf.registerFont('regular', pdfFonts().regular);
  pdf.registerFont('bold', pdfFonts().bold);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    for (const p of docs) {
      pdf.addPage({ size: A4, margin: 0 });
      draw(pdf, head, p);
    }
    pdf.end();
  });
}
