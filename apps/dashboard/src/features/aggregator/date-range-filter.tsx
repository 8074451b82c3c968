import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@pravesh/ui';
import { checkDateRange, type DateRange } from './date-range.ts';

/**
 * The transactions' date range, beside the Credit / Debit / All tabs: two date fields and Show; the
 * range goes into the address (the page's `from` and `to`), so it survives a reload. A bad range is
 * named under the field to fix and not sent.
 */
export function DateRangeFilter({
  applied,
  onApply,
}: {
  applied: { from: string; to: string };
  onApply: (range: DateRange) => void;
}) {
  const [from, setFrom] = useState(applied.from);
  const [to, setTo] = useState(applied.to);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const filtered = applied.from !== '' || applied.to !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDateRange(from, to);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    setProblem(null);
    onApply(checked.range);
  }

  function clear() {
    setFrom('');
    setTo('');
    setProblem(null);
    onApply({});
  }

  return (
    <form className="ma-aa-date-range" aria-label="Dates of transactions" onSubmit={submit} noValidate>
      <TextField
        label="From"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={problem?.field === 'from' ? problem.message : undefined}
      />
      <TextField
        label="To"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={problem?.field === 'to' ? problem.message : undefined}
      />
      <div className="ma-aa-date-range-actions">
        <Button type="submit" variant="secondary" size="sm">
          Show<span className="pv-visually-hidden"> transactions between these dates</span>
        </Button>
        {filtered ? (
          <Button type="button" variant="ghost" size="sm" onClick={clear}>
            Clear dates
          </Button>
        ) : null}
      </div>
    </form>
  );
}
