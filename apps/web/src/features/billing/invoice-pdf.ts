import type { jsPDF as JsPdf } from 'jspdf';
import { ITEM_HEADINGS, type InvoiceSheet } from './invoice-sheet';

/** Spec 1 §9: landscape, 650 × 500 px, saved as invoice.pdf. */
export const INVOICE_PDF = { width: 650, height: 500, fileName: 'invoice.pdf' } as const;

const LEFT = 32;
const RIGHT = INVOICE_PDF.width - 32;
const MIDDLE = 340;
const COLUMNS = { months: 300, price: 385 } as const;
/** One line of 9 pt text, in px. */
const LINE = 15;

type JsPdfClass = new (options: {
  orientation: 'landscape';
  unit: 'px';
  format: [number, number];
  hotfixes: string[];
}) => JsPdf;

/** Lays the sheet out as real text (searchable, selectable), not as a picture of the popup. */
export function renderInvoicePdf(JsPdfCtor: JsPdfClass, sheet: InvoiceSheet): JsPdf {
  const doc = new JsPdfCtor({
    orientation: 'landscape',
    unit: 'px',
    format: [INVOICE_PDF.width, INVOICE_PDF.height],
    // Real CSS pixels (1 px = 0.75 pt): without it jsPDF counts a px as 4/3 pt and the page comes out larger.
    hotfixes: ['px_scaling'],
  });
  doc.setProperties({ title: `Invoice ${sheet.invoiceNo}` });
  doc.setTextColor(33, 33, 33);

  doc.setFont('helvetica', 'bold').setFontSize(20);
  doc.text(sheet.title, LEFT, 48);
  doc.setFontSize(11);
  doc.text(sheet.invoiceNo, RIGHT, 36, { align: 'right' });
  doc.setFont('helvetica', 'normal').setFontSize(9);
  doc.text(sheet.status, RIGHT, 52, { align: 'right' });
  doc.setDrawColor(200, 200, 200).line(LEFT, 64, RIGHT, 64);

  const block = (title: string, lines: string[], x: number) => {
    doc.setFont('helvetica', 'bold').setFontSize(9);
    doc.text(title, x, 86);
    doc.setFont('helvetica', 'normal');
    lines.forEach((line, i) => doc.text(line, x, 86 + (i + 1) * LINE, { maxWidth: RIGHT - x }));
  };
  block('From', sheet.from, LEFT);
  block('Bill To', sheet.billTo, MIDDLE);

  const detailsTop = 86 + (Math.max(sheet.from.length, sheet.billTo.length) + 2) * LINE;
  sheet.details.forEach(([label, value], i) => doc.text(`${label}: ${value}`, LEFT, detailsTop + i * LINE));

  const tableTop = detailsTop + sheet.details.length * LINE + 4;
  doc.setFillColor(240, 240, 240).rect(LEFT, tableTop, RIGHT - LEFT, 22, 'F');
  doc.setFont('helvetica', 'bold');
  const [description, months, price, amount] = ITEM_HEADINGS;
  doc.text(description, LEFT + 6, tableTop + 15);
  doc.text(months, COLUMNS.months, tableTop + 15);
  doc.text(price, COLUMNS.price, tableTop + 15);
  doc.text(amount, RIGHT - 6, tableTop + 15, { align: 'right' });

  const rowTop = tableTop + 22 + LINE + 2;
  doc.setFont('helvetica', 'normal');
  doc.text(sheet.item.description, LEFT + 6, rowTop);
  doc.setTextColor(110, 110, 110).text(sheet.item.device, LEFT + 6, rowTop + LINE);
  doc.setTextColor(33, 33, 33);
  doc.text(sheet.item.months, COLUMNS.months, rowTop);
  doc.text(sheet.item.price, COLUMNS.price, rowTop);
  doc.text(sheet.item.amount, RIGHT - 6, rowTop, { align: 'right' });
  doc.line(LEFT, rowTop + LINE + 8, RIGHT, rowTop + LINE + 8);

  let y = rowTop + 2 * LINE + 16;
  sheet.totals.forEach(([label, value], i) => {
    const last = i === sheet.totals.length - 1;
    doc.setFont('helvetica', last ? 'bold' : 'normal').setFontSize(last ? 11 : 9);
    doc.text(label, COLUMNS.price, y);
    doc.text(value, RIGHT - 6, y, { align: 'right' });
    y += LINE + 2;
  });

  doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(110, 110, 110);
  doc.text('Thank you for your business.', LEFT, INVOICE_PDF.height - 24);
  return doc;
}

/** Generate PDF: jsPDF is fetched only now, so it weighs on no page until someone asks for a PDF. */
export async function saveInvoicePdf(sheet: InvoiceSheet): Promise<void> {
  const { jsPDF } = await import('jspdf');
  renderInvoicePdf(jsPDF, sheet).save(INVOICE_PDF.fileName);
}
