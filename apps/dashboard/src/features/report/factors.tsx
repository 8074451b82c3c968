import { FACTOR_NAMES, RATING_NAMES, WEIGHT_NAMES, factorText } from '@pravesh/core/credit/factor-copy.ts';
import type { FactorRating, ReportFactor } from '@pravesh/core/credit/report-factors.ts';

export { FACTOR_NAMES, RATING_NAMES, factorText };

export const RATING_TONES: Readonly<Record<FactorRating, string>> = {
  GOOD: 'good',
  FAIR: 'average',
  POOR: 'low',
  NONE: 'none',
};

/** The factors in rank order: the one costing the most first (core's reportFactors). */
export function FactorList({ factors }: { factors: readonly ReportFactor[] }) {
  return (
    <ol className="ma-factors" role="list">
      {factors.map((factor) => (
        <li key={factor.id} className="ma-factor">
          <div className="ma-factor-head">
            <h3>{FACTOR_NAMES[factor.id]}</h3>
            <span className="ma-muted">{WEIGHT_NAMES[factor.weightLevel]}</span>
            <span className={`ma-band ma-tone--${RATING_TONES[factor.rating]}`}>{RATING_NAMES[factor.rating]}</span>
          </div>
          <p>{factorText(factor)}</p>
        </li>
      ))}
    </ol>
  );
}
