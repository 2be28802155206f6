import { percentOf } from '@rankwise/contract/chance';
import { counsellingLabels, type ChoiceOutcome, type Counselling } from '@rankwise/contract/choices';

/*
 * The list taken out (issue 23): CSV and PDF in the portal's order and wording (institute, academic
 * program, quota, seat type, gender as JoSAA's and MCC's seat lists print them), with the chance per
 * choice and the date of the data.
 */

export type ExportInput = {
  name: string;
  counselling: Counselling;
  choices: ChoiceOutcome[];
  notes: string[];
  nonePercent: number;
  referenceYear: number;
  /** When the chance model was fitted from the data (an ISO time). */
  fittedAt: string;
};

export const EXPORT_COLUMNS = {
  JoSAA: [
    'Choice No.',
    'Institute',
    'Academic Program Name',
    'Quota',
    'Seat Type',
    'Gender',
    'Chance of this seat (%)',
    'Chance it is your final seat (%)',
    'Note',
  ],
  CSAB: [
    'Choice No.',
    'Institute',
    'Academic Program Name',
    'Quota',
    'Seat Type',
    'Gender',
    'Chance of this seat (%)',
    'Chance it is your final seat (%)',
    'Note',
  ],
  MCC: ['Choice No.', 'Institute', 'Course', 'Quota', 'Category', 'Chance of this seat (%)', 'Chance it is your final seat (%)', 'Note'],
} as const;

/** The percentage the page shows (the contract's rule: 0.145 is 15%, as its band says). */
const percent = (c: number | null) => (c === null ? 'NA' : String(percentOf(c)));

/** The rows of the export, header first. */
export function exportRows(x: ExportInput): string[][] {
  const rows: string[][] = [[...EXPORT_COLUMNS[x.counselling]]];
  x.choices.forEach((c, i) => {
    const s = c.seat;
    const seat = s
      ? x.counselling === 'MCC'
        ? [s.institute, s.program, s.quota, s.seatType]
        : [s.institute, s.program, s.quota, s.seatType, s.gender]
      : x.counselling === 'MCC'
        ? [`Unknown seat ${c.id}`, '', '', '']
        : [`Unknown seat ${c.id}`, '', '', '', ''];
    rows.push([String(c.position), ...seat, percent(c.chance), String(c.outcomePercent), x.notes[i] ?? '']);
  });
  return rows;
}

export function dataLine(x: ExportInput): string {
  return `${counsellingLabels[x.counselling]} choice list "${x.name}". Chances from ${x.counselling === 'MCC' ? 'NEET PG' : 'JoSAA'} closing ranks up to ${x.referenceYear} (model fitted ${x.fittedAt.slice(0, 10)}); no seat: ${x.nonePercent}%. Rankwise estimates, not an allotment.`;
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replaceAll('"', '""')}"` : v);

export function toCsv(x: ExportInput): string {
  const lines = [[dataLine(x)], ...exportRows(x)].map((r) => r.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Characters the PDF's built-in Helvetica (WinAnsi) can show; others become '?'. */
function winAnsi(s: string): string {
  return s
    .replaceAll('₹', 'Rs ')
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

const pdfText = (s: string) => winAnsi(s).replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A plain PDF (A4 landscape, Helvetica, one line per choice, wrapped cells cut to fit), written
 * here: the list needs no drawing library. Returns the file's bytes.
 */
export function toPdf(x: ExportInput): Uint8Array {
  const rows = exportRows(x);
  const mcc = x.counselling === 'MCC';
  // Column widths in characters of 7-point Helvetica (about 3.9 points each).
  const widths = mcc ? [10, 58, 40, 22, 12, 8, 8, 36] : [10, 48, 46, 6, 12, 18, 8, 8, 30];
  // Short headings for the narrow columns; a line under the title says what they mean.
  const short: Record<string, string> = { 'Chance of this seat (%)': 'Seat %', 'Chance it is your final seat (%)': 'Final %' };
  rows[0] = rows[0].map((h) => short[h] ?? h);
  const cut = (s: string, w: number) => (s.length > w ? `${s.slice(0, w - 1)}.` : s);
  const pageW = 842;
  const pageH = 595;
  const lineH = 11;
  const perPage = Math.floor((pageH - 110) / lineH);
  const body = rows.slice(1);
  const pages: string[] = [];
  for (let start = 0; start === 0 || start < body.length; start += perPage) {
    const ops: string[] = ['BT', '/F2 11 Tf', `36 ${pageH - 36} Td`, `(${pdfText(`${counsellingLabels[x.counselling]} choice list: ${x.name}`)}) Tj`, 'ET'];
    ops.push('BT', '/F1 7 Tf', `36 ${pageH - 50} Td`, `(${pdfText(dataLine(x))}) Tj`, 'ET');
    ops.push(
      'BT',
      '/F1 7 Tf',
      `36 ${pageH - 59} Td`,
      `(${pdfText('Seat %: your chance of this seat on its own. Final %: the chance it is the seat you end with.')}) Tj`,
      'ET',
    );
    const lines = [rows[0], ...body.slice(start, start + perPage)];
    lines.forEach((r, k) => {
      let xPos = 36;
      const y = pageH - 74 - k * lineH;
      r.forEach((cell, c) => {
        ops.push('BT', `/${k === 0 ? 'F2' : 'F1'} 7 Tf`, `${xPos} ${y} Td`, `(${pdfText(cut(cell, widths[c]))}) Tj`, 'ET');
        xPos += widths[c] * 3.9 + 4;
      });
    });
    ops.push('BT', '/F1 7 Tf', `36 20 Td`, `(${pdfText(`Page ${pages.length + 1}`)}) Tj`, 'ET');
    pages.push(ops.join('\n'));
    if (body.length === 0) break;
  }
  // Objects: 1 catalog, 2 pages, 3-4 fonts, then per page: page object and its content stream.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + 2 * i} 0 R >>`,
    );
    objects.push(`<< /Length ${latin1Length(content)} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(latin1Length(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = latin1Length(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (ch) => ch.charCodeAt(0) & 0xff);
}

/** Every character written is in 0-255 (winAnsi), one byte each. */
const latin1Length = (s: string) => s.length;

export function download(bytes: Uint8Array | string, name: string, type: string): void {
  const blob = new Blob([bytes as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileName(x: Pick<ExportInput, 'name' | 'counselling'>, ext: string): string {
  const slug =
    x.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'choices';
  return `${x.counselling.toLowerCase()}-${slug}.${ext}`;
}
