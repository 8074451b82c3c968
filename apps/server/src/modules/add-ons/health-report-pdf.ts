import {
  BAND_NAMES,
  BRAND,
  BUREAU_NAMES,
  formatAge,
  type CreditHealthReportData,
  type HealthBureau,
} from '@pravesh/core';
import { PDF_COLOURS, createPdf, drawPageFeet } from '../../lib/pdf/document.ts';

/**
 * The Credit Health Report as a PDF (spec 001 §1 paid add-on), drawn from the same analysis the
 * screen shows (core creditHealthReport), with the documents' shared A4 canvas, embedded Noto Sans
 * and "Page n of N" feet (lib/pdf, as the invoice and the bank statement). Text flows, so pdfkit
 * breaks pages where a section runs long.
 */

const { ink: INK, muted: MUTED, band: BAND } = PDF_COLOURS;
const GOOD = '#0f7b3f';
const BAD = '#b42318';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

export function healthReportFileName(report: CreditHealthReportData): string {
  return `credit-health-report-${report.generatedAt.slice(0, 10)}.pdf`;
}

function scoreLine(bureau: HealthBureau): string {
  if (bureau.scoreState === 'NO_HIT') return 'No credit file at this bureau yet';
  if (bureau.score === null) return 'Credit file found; too new for a score yet';
  const band = bureau.scoreBand ? ` · ${BAND_NAMES[bureau.scoreBand]}` : '';
  const change =
    bureau.change && bureau.change.delta !== 0
      ? ` · ${bureau.change.delta > 0 ? 'up' : 'down'} ${Math.abs(bureau.change.delta)} points since the report before`
      : '';
  return `${bureau.score} / 900${band}${change}`;
}

export function renderHealthReportPdf(report: CreditHealthReportData): Promise<Buffer> {
  const generated = new Date(report.generatedAt);
  const { doc, left, right, width, bottom, finish } = createPdf(
    { title: 'Credit Health Report', author: BRAND.legalName, subject: 'Credit Health Report', date: generated },
    { bufferPages: true },
  );
  /** A new page when fewer than `room` points are left, so a heading never ends a page. */
  const keep = (room: number) => {
    if (doc.y + room > bottom - 24) doc.addPage();
  };
  const heading = (text: string) => {
    keep(60);
    doc.moveDown(0.8);
    doc.font('Bold').fontSize(13).fillColor(INK).text(text, left, doc.y, { width });
    doc.moveDown(0.3);
  };

  doc.font('Bold').fontSize(20).fillColor(INK).text('Credit Health Report', left, 48);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Prepared on ${dateFormat.format(generated)} by ${BRAND.name}, from your reports at every bureau.`);
  doc.moveDown(0.8);
  const boxTop = doc.y;
  doc.rect(left, boxTop, width, 44).fill(BAND);
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(report.headline, left + 12, boxTop + 10, { width: width - 24 });
  doc.y = Math.max(doc.y, boxTop + 44) + 6;

  heading('Where you stand');
  for (const bureau of report.bureaus) {
    keep(30);
    const top = doc.y;
    doc.font('Bold').fontSize(10).fillColor(INK).text(BUREAU_NAMES[bureau.creditBureau], left, top, { width: 130 });
    doc
      .font('Body')
      .fontSize(10)
      .text(scoreLine(bureau), left + 136, top, { width: width - 136 });
    if (bureau.reportDate) {
      doc
        .fontSize(8)
        .fillColor(MUTED)
        .text(`Report of ${dateFormat.format(new Date(bureau.reportDate))}`, left + 136, doc.y, { width: width - 136 });
    }
    doc.moveDown(0.4);
  }

  heading('What to do next');
  report.nextSteps.forEach((step, index) => {
    keep(40);
    doc
      .font('Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`${index + 1}. ${step.title}`, left, doc.y, { width });
    const where = step.bureaus.length > 0 ? ` (${step.bureaus.map((b) => BUREAU_NAMES[b]).join(', ')})` : '';
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(INK)
      .text(`${step.detail}${where}`, left + 14, doc.y + 1, { width: width - 14 });
    doc.moveDown(0.5);
  });

  for (const bureau of report.bureaus) {
    if (bureau.factors.length === 0 && bureau.changes.length === 0) continue;
    heading(`${BUREAU_NAMES[bureau.creditBureau]}: ${scoreLine(bureau)}`);
    if (bureau.summary) {
      const summary = bureau.summary;
      const facts = [
        `Active accounts ${summary.activeAccounts} of ${summary.totalAccounts}`,
        `Balance ${rupees.format(summary.totalBalance)}`,
        `Overdue ${summary.totalOverdue > 0 ? rupees.format(summary.totalOverdue) : 'none'}`,
        summary.creditUtilisation === null ? 'No cards' : `Card use ${summary.creditUtilisation}%`,
        summary.oldestAccountAgeMonths === null ? '' : `Oldest account ${formatAge(summary.oldestAccountAgeMonths)}`,
      ].filter(Boolean);
      doc.font('Body').fontSize(9).fillColor(MUTED).text(facts.join('  ·  '), left, doc.y, { width });
      doc.moveDown(0.5);
    }
    if (bureau.changes.length > 0) {
      doc.font('Bold').fontSize(10).fillColor(INK).text('What changed since your report before', left, doc.y);
      doc.moveDown(0.2);
      for (const change of bureau.changes) {
        keep(30);
        doc
          .font('Bold')
          .fontSize(9)
          .fillColor(change.impact === 'POSITIVE' ? GOOD : BAD)
          .text(change.title, left + 8, doc.y, { width: width - 8 });
        doc
          .font('Body')
          .fontSize(9)
          .fillColor(INK)
          .text(change.explanation, left + 8, doc.y, { width: width - 8 });
        doc.moveDown(0.3);
      }
      doc.moveDown(0.3);
    }
    if (bureau.factors.length > 0) {
      keep(40);
      doc.font('Bold').fontSize(10).fillColor(INK).text('What’s shaping your score', left, doc.y);
      doc.moveDown(0.2);
      for (const factor of bureau.factors) {
        keep(30);
        const colour = factor.rating === 'GOOD' ? GOOD : factor.rating === 'POOR' ? BAD : INK;
        doc
          .font('Bold')
          .fontSize(9)
          .fillColor(INK)
          .text(`${factor.name} — `, left + 8, doc.y, { width: width - 8, continued: true })
          .fillColor(colour)
          .text(factor.ratingName);
        doc
          .font('Body')
          .fontSize(9)
          .fillColor(INK)
          .text(factor.text, left + 8, doc.y, { width: width - 8 });
        doc.moveDown(0.3);
      }
    }
  }

  drawPageFeet(
    doc,
    left,
    right,
    `${BRAND.legalName}. Based on your credit bureau reports; checking them here never lowers your score.`,
  );
  return finish();
}
