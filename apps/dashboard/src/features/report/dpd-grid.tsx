import { dpdInWords } from '@pravesh/core/credit/factor-copy.ts';
import { dpdStatus, type DpdStatus } from '@pravesh/core/credit/report-factors.ts';
import type { DpdMonth } from '@pravesh/core/credit/schemas.ts';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const GLYPHS: Readonly<Record<DpdStatus, (dpd: number | null) => string>> = {
  ON_TIME: () => '✓',
  LATE: (dpd) => String(dpd),
  SEVERELY_LATE: (dpd) => String(dpd),
  NOT_REPORTED: () => '–',
};

/**
 * The 36-month days-past-due history of one account as a compact table: a row per
 * year, a column per month, each cell a glyph for the eye and words for a screen reader (the
 * glyph is hidden from it). Months the account was not open are blank.
 */
export function DpdGrid({ history, caption }: { history: readonly DpdMonth[]; caption: string }) {
  const byMonth = new Map(history.map((month) => [month.month, month.dpd]));
  const years = [...new Set(history.map((month) => Number(month.month.slice(0, 4))))].sort((a, b) => b - a);
  return (
    <div className="ma-dpd">
      {/* A scrolling box on narrow screens: focusable, so it can be scrolled by keyboard. */}
      <div className="ma-table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="ma-dpd-grid">
          <caption className="pv-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <td />
              {MONTH_NAMES.map((name, index) => (
                <th key={name} scope="col" abbr={LONG_MONTHS[index]}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year}>
                <th scope="row">{year}</th>
                {MONTH_NAMES.map((name, index) => {
                  const key = `${year}-${String(index + 1).padStart(2, '0')}`;
                  if (!byMonth.has(key)) return <td key={name} className="ma-dpd-cell ma-dpd-cell--none" />;
                  const dpd = byMonth.get(key) ?? null;
                  const status = dpdStatus(dpd);
                  return (
                    <td key={name} className={`ma-dpd-cell ma-dpd-cell--${status.toLowerCase()}`}>
                      <span aria-hidden="true">{GLYPHS[status](dpd)}</span>
                      <span className="pv-visually-hidden">{dpdInWords(dpd)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="ma-dpd-legend" aria-label="Key">
        <li>
          <span className="ma-dpd-cell ma-dpd-cell--on_time" aria-hidden="true">
            ✓
          </span>{' '}
          Paid on time
        </li>
        <li>
          <span className="ma-dpd-cell ma-dpd-cell--late" aria-hidden="true">
            30
          </span>{' '}
          Days late
        </li>
        <li>
          <span className="ma-dpd-cell ma-dpd-cell--severely_late" aria-hidden="true">
            90
          </span>{' '}
          60+ days late
        </li>
        <li>
          <span className="ma-dpd-cell ma-dpd-cell--not_reported" aria-hidden="true">
            –
          </span>{' '}
          Not reported
        </li>
      </ul>
    </div>
  );
}
