import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUREAUS, type Bureau } from '../constants.ts';
import {
  BAND_COLOURS,
  BAND_FLOORS,
  SCORE_BANDS,
  activeBureauRecord,
  bandDisplay,
  bandRanges,
  canRefresh,
  compareBureauRecords,
  istDay,
  isValidScore,
  nextRefreshDate,
  normaliseScore,
  scoreBand,
  scoreBucket,
  scoreChange,
  scoreDelta,
  sortBureauRecords,
  type ScoreBand,
} from './score-rules.ts';

/** Every whole score 0–1000, as the issue asks, plus every bureau. */
const ALL_SCORES = Array.from({ length: 1001 }, (_, score) => score);
const bureauArb = fc.constantFrom(...BUREAUS);

describe('score validity (spec 001 §5)', () => {
  it('accepts exactly the whole scores 300–900 when no flag is given', () => {
    for (const score of ALL_SCORES) expect(isValidScore(score), String(score)).toBe(score >= 300 && score <= 900);
    for (const odd of [299.5, 750.5, NaN, Infinity, -Infinity, -1]) expect(isValidScore(odd)).toBe(false);
    expect(isValidScore(null)).toBe(false);
    expect(isValidScore(undefined)).toBe(false);
  });

  it('lets an explicit isValidScore win either way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.boolean(), (score, flag) => {
        expect(isValidScore(score, flag)).toBe(flag);
      }),
    );
    expect(isValidScore(null, true)).toBe(true);
    expect(isValidScore(750, null)).toBe(true);
  });
});

describe('score bucket (spec 001 §5 table)', () => {
  /** The spec's rows as [min, max, bucket]. */
  const TABLE: [number, number, number][] = [
    [-Infinity, 299, 1],
    [300, 399, 2],
    [400, 499, 3],
    [500, 599, 4],
    [600, 699, 5],
    [700, 799, 6],
    [800, 899, 7],
    [900, 900, 0],
  ];

  it('matches the table for every score 0–1000', () => {
    for (const score of ALL_SCORES) {
      const row = TABLE.find(([min, max]) => score >= min && score <= max);
      expect(scoreBucket(score), String(score)).toBe(row ? row[2] : null);
    }
  });

  it('names the table rows exactly', () => {
    expect([299, 300, 399, 400, 499, 500, 599, 600, 699, 700, 799, 800, 899, 900].map(scoreBucket)).toEqual([
      1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 0,
    ]);
    expect(scoreBucket(901)).toBeNull();
    expect(scoreBucket(NaN)).toBeNull();
    expect(scoreBucket(-1)).toBe(1);
  });

  it('never decreases between 300 and 899', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 898 }), (score) => {
        expect(scoreBucket(score + 1)!).toBeGreaterThanOrEqual(scoreBucket(score)!);
      }),
    );
  });
});

describe('bands per bureau (spec 001 §5)', () => {
  it('gives every valid score exactly one band and no band outside 300–900, for every bureau', () => {
    for (const bureau of BUREAUS) {
      const ranges = bandRanges(bureau);
      for (const score of ALL_SCORES) {
        const containing = ranges.filter((range) => score >= range.min && score <= range.max);
        expect(containing.length, `${bureau} ${score}`).toBe(score >= 300 && score <= 900 ? 1 : 0);
        expect(scoreBand(bureau, score)).toBe(containing[0]?.band ?? null);
      }
    }
  });

  it('keeps the ranges contiguous from 300 to 900, best first, all six non-empty', () => {
    for (const bureau of BUREAUS) {
      const ranges = bandRanges(bureau);
      expect(ranges.map((range) => range.band)).toEqual([...SCORE_BANDS]);
      expect(ranges[0]!.max).toBe(900);
      expect(ranges.at(-1)!.min).toBe(300);
      for (let index = 1; index < ranges.length; index++) {
        expect(ranges[index]!.max).toBe(ranges[index - 1]!.min - 1);
        expect(ranges[index]!.min).toBeLessThanOrEqual(ranges[index]!.max);
      }
    }
  });

  it('uses the spec table boundaries, EQUIFAX Needs Help read as up to 525', () => {
    const rows: Record<Bureau, [number, number, number, number]> = {
      CIBIL: [801, 761, 701, 601],
      EXPERIAN: [826, 776, 701, 601],
      HIGHMARK: [751, 676, 601, 586],
      EQUIFAX: [751, 701, 601, 526],
    };
    for (const bureau of BUREAUS) {
      const [excellent, veryGood, good, average] = rows[bureau];
      expect(scoreBand(bureau, excellent)).toBe('EXCELLENT');
      expect(scoreBand(bureau, excellent - 1)).toBe('VERY_GOOD');
      expect(scoreBand(bureau, veryGood)).toBe('VERY_GOOD');
      expect(scoreBand(bureau, veryGood - 1)).toBe('GOOD');
      expect(scoreBand(bureau, good)).toBe('GOOD');
      expect(scoreBand(bureau, good - 1)).toBe('FAIR');
      expect(scoreBand(bureau, average)).toBe('FAIR');
      // Needs Help starts just below Average and runs down to 300 (LOW, then VERY_LOW below 500).
      expect(scoreBand(bureau, average - 1)).toBe('LOW');
      expect(scoreBand(bureau, 500)).toBe('LOW');
      expect(scoreBand(bureau, 499)).toBe('VERY_LOW');
      expect(scoreBand(bureau, 300)).toBe('VERY_LOW');
    }
    expect(scoreBand('EQUIFAX', 525)).toBe('LOW');
    expect(BAND_FLOORS.EQUIFAX.FAIR).toBe(526);
  });

  it('never gives a better band to a lower score at the same bureau', () => {
    const rank = (band: ScoreBand | null) => SCORE_BANDS.indexOf(band!);
    fc.assert(
      fc.property(bureauArb, fc.integer({ min: 300, max: 900 }), fc.integer({ min: 300, max: 900 }), (bureau, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(rank(scoreBand(bureau, low))).toBeGreaterThanOrEqual(rank(scoreBand(bureau, high)));
      }),
    );
  });

  it('has no band for a non-score', () => {
    for (const bureau of BUREAUS) {
      for (const value of [null, undefined, -1, 0, 299, 901, 650.5, NaN]) expect(scoreBand(bureau, value)).toBeNull();
    }
  });
});

describe('band display (spec 000 §4, §9)', () => {
  it('maps the six names to four labels and the four spec colours', () => {
    expect(SCORE_BANDS.map((band) => bandDisplay(band).label)).toEqual([
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Low',
      'Low',
    ]);
    expect(bandDisplay('EXCELLENT').colour).toBe('#08a42a');
    expect(bandDisplay('VERY_LOW').colour).toBe('#e5121b');
    expect(new Set(Object.values(BAND_COLOURS))).toEqual(new Set(['#08a42a', '#79e056', '#fd4501', '#e5121b']));
  });

  it('shows an empty or unknown band as FAIR', () => {
    for (const value of [null, undefined, '', 'excellent', 'UNKNOWN']) {
      expect(bandDisplay(value)).toEqual({ band: 'FAIR', label: 'Fair', colour: '#fd4501' });
    }
  });

  it('gives every valid score at every bureau a display', () => {
    fc.assert(
      fc.property(bureauArb, fc.integer({ min: 300, max: 900 }), (bureau, score) => {
        const display = bandDisplay(scoreBand(bureau, score));
        expect(display.band).toBe(scoreBand(bureau, score));
        expect(Object.values(BAND_COLOURS)).toContain(display.colour);
      }),
    );
  });
});

describe('delta (spec 000 §4)', () => {
  it('is up, down or NoChange by comparison of two valid scores', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (score, previous) => {
        const delta = scoreDelta(score, previous);
        if (!isValidScore(score) || !isValidScore(previous)) expect(delta).toBe('NoChange');
        else expect(delta).toBe(score > previous ? 'up' : score < previous ? 'down' : 'NoChange');
        expect(scoreChange(score, previous)).toBe(delta === 'NoChange' ? 0 : score - previous);
      }),
    );
    expect(scoreDelta(700, null)).toBe('NoChange');
    expect(scoreDelta(null, 700)).toBe('NoChange');
    expect(scoreDelta(-1, 700)).toBe('NoChange');
  });

  it('never moves up into a worse band, or down into a better one, at any bureau', () => {
    const rank = (band: ScoreBand | null) => (band === null ? -1 : SCORE_BANDS.indexOf(band));
    fc.assert(
      fc.property(bureauArb, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (bureau, a, b) => {
        const delta = scoreDelta(a, b);
        // SCORE_BANDS is best first: a lower index is a better band.
        if (delta === 'up') expect(rank(scoreBand(bureau, a))).toBeLessThanOrEqual(rank(scoreBand(bureau, b)));
        if (delta === 'down') expect(rank(scoreBand(bureau, a))).toBeGreaterThanOrEqual(rank(scoreBand(bureau, b)));
      }),
    );
  });
});

describe('no-score states', () => {
  it('normalises every whole raw value 0–1000 at every bureau: a score or a no-score state, never a fake number', () => {
    for (const bureau of BUREAUS) {
      for (const raw of ALL_SCORES) {
        const state = normaliseScore(bureau, raw);
        if (raw >= 300 && raw <= 900) expect(state).toEqual({ kind: 'SCORE', score: raw });
        else {
          expect(state.kind).not.toBe('SCORE');
          expect(state).toHaveProperty('rawCode', String(raw));
          expect(state).not.toHaveProperty('score');
        }
      }
    }
  });

  it('reads the bureaus’ own codes', () => {
    expect(normaliseScore('CIBIL', -1)).toEqual({ kind: 'NO_HIT', rawCode: '-1' });
    expect(normaliseScore('CIBIL', 0)).toEqual({ kind: 'NEW_TO_CREDIT', rawCode: '0', riskIndex: null });
    expect(normaliseScore('CIBIL', 3)).toEqual({ kind: 'NEW_TO_CREDIT', rawCode: '3', riskIndex: 3 });
    expect(normaliseScore('CIBIL', 6)).toEqual({ kind: 'NO_HIT', rawCode: '6' });
    expect(normaliseScore('EXPERIAN', 6)).toEqual({ kind: 'NEW_TO_CREDIT', rawCode: '6', riskIndex: 6 });
    expect(normaliseScore('HIGHMARK', 14)).toEqual({ kind: 'NO_HIT', rawCode: '14' });
    expect(normaliseScore('EQUIFAX', 3)).toEqual({ kind: 'NO_HIT', rawCode: '3' });
    expect(normaliseScore('CIBIL', '-1')).toEqual({ kind: 'NO_HIT', rawCode: '-1' });
    expect(normaliseScore('CIBIL', '745')).toEqual({ kind: 'SCORE', score: 745 });
    expect(normaliseScore('CIBIL', 'NH')).toEqual({ kind: 'NO_HIT', rawCode: 'NH' });
    expect(normaliseScore('CIBIL', null)).toEqual({ kind: 'NO_HIT', rawCode: null });
    expect(normaliseScore('EQUIFAX', 950)).toEqual({ kind: 'NO_HIT', rawCode: '950' });
  });

  it('caps the kept raw code at 32 characters', () => {
    fc.assert(
      fc.property(bureauArb, fc.string({ maxLength: 200 }), (bureau, raw) => {
        const state = normaliseScore(bureau, raw);
        if (state.kind !== 'SCORE') expect((state.rawCode ?? '').length).toBeLessThanOrEqual(32);
      }),
    );
  });
});

describe('same-day priority (spec 000 §9)', () => {
  const record = (creditBureau: Bureau, dateApplied: string, score: number | null = 700) => ({
    creditBureau,
    dateApplied,
    score,
  });

  it('puts the latest day first and, on one day, CIBIL > EXPERIAN > HIGHMARK > EQUIFAX whatever the hour', () => {
    const records = [
      record('EQUIFAX', '2026-11-20T23:00:00+05:30'),
      record('CIBIL', '2026-11-20T08:00:00+05:30'),
      record('HIGHMARK', '2026-11-21T01:00:00+05:30'),
      record('EXPERIAN', '2026-11-20T12:00:00+05:30'),
    ];
    expect(sortBureauRecords(records).map((entry) => entry.creditBureau)).toEqual([
      'HIGHMARK',
      'CIBIL',
      'EXPERIAN',
      'EQUIFAX',
    ]);
  });

  it('counts days in India time', () => {
    // 20:00 UTC on the 20th is 01:30 on the 21st in India: a later day than CIBIL's.
    const records = [record('CIBIL', '2026-11-21T00:30:00+05:30'), record('EQUIFAX', '2026-11-20T20:00:00Z')];
    expect(sortBureauRecords(records).map((entry) => entry.creditBureau)).toEqual(['CIBIL', 'EQUIFAX']);
    expect(istDay('2026-11-20T20:00:00Z')).toBe('2026-11-21');
    expect(istDay('2026-11-20')).toBe('2026-11-20');
    expect(istDay('nonsense')).toBeNull();
  });

  it('is a total order consistent with itself for any records', () => {
    const recordArb = fc.record({
      creditBureau: bureauArb,
      dateApplied: fc
        .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) })
        .map((ms) => new Date(ms).toISOString()),
    });
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 12 }), (records) => {
        const sorted = sortBureauRecords(records);
        for (let index = 1; index < sorted.length; index++) {
          const [before, after] = [sorted[index - 1]!, sorted[index]!];
          expect(compareBureauRecords(before, after)).toBeLessThanOrEqual(0);
          const [dayBefore, dayAfter] = [istDay(before.dateApplied)!, istDay(after.dateApplied)!];
          expect(dayBefore >= dayAfter).toBe(true);
          if (dayBefore === dayAfter) {
            expect(BUREAUS.indexOf(before.creditBureau)).toBeLessThanOrEqual(BUREAUS.indexOf(after.creditBureau));
          }
        }
        expect(sortBureauRecords(sorted)).toEqual(sorted);
      }),
    );
  });

  it('shows the first record with a valid score, else the first no-score record, else none', () => {
    const noHit = { ...record('CIBIL', '2026-11-21'), score: null };
    const scored = record('EXPERIAN', '2026-11-20', 640);
    expect(activeBureauRecord([scored, noHit])).toBe(scored);
    expect(activeBureauRecord([noHit])).toBe(noHit);
    expect(activeBureauRecord([])).toBeNull();
    // An explicit isValidScore: false makes a number in range not count.
    const flagged = { ...record('CIBIL', '2026-11-21', 700), isValidScore: false };
    expect(activeBureauRecord([flagged, { ...scored, isValidScore: null }])?.creditBureau).toBe('EXPERIAN');
  });
});

describe('refresh', () => {
  it("allows a pull only from the start of nextRefreshDate's day in India on", () => {
    const pulled = Date.UTC(2026, 10, 1);
    const next = nextRefreshDate(pulled);
    expect(next).toBe('2026-12-01T00:00:00.000Z');
    // From the start of that day in India (00:00 IST = 18:30 UTC the day before).
    expect(canRefresh(next, Date.UTC(2026, 10, 30, 18, 29, 59))).toBe(false);
    expect(canRefresh(next, Date.UTC(2026, 10, 30, 18, 30))).toBe(true);
    expect(canRefresh(null, pulled)).toBe(true);
  });

  it('allows the refresh on the whole day the refusal names, not from the hour of the last pull', () => {
    // Pulled 1 Jan at 20:00 IST: refused until 31 Jan, and so allowed at 05:00 IST on 31 Jan.
    const next = nextRefreshDate(Date.parse('2026-01-01T20:00:00+05:30'));
    expect(istDay(next)).toBe('2026-01-31');
    expect(canRefresh(next, Date.parse('2026-01-31T05:00:00+05:30'))).toBe(true);
    expect(canRefresh(next, Date.parse('2026-01-30T23:59:59+05:30'))).toBe(false);
  });
});
