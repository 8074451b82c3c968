import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Combobox, filterOptions, type ComboboxOption } from '@pravesh/ui';
import { EMPLOYER_SEARCH_MAX_LENGTH, EMPLOYER_SEARCH_MIN_LENGTH } from '@pravesh/core/profile/routes.ts';
import { useBanksQuery, useCitiesQuery, useEmployersQuery, useTopBanksQuery, useTopCitiesQuery } from './api.ts';

/** How long typing pauses before the employer list is searched: one request per pause, not per key. */
export const EMPLOYER_SEARCH_DEBOUNCE_MS = 300;

/** The value `delay` ms after it last changed. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface PickedOption extends ComboboxOption {
  readonly id: number;
}

interface PickerProps {
  value: PickedOption | null;
  onChange: (option: PickedOption | null) => void;
  error?: ReactNode;
  id?: string;
}

/**
 * The employer picker (spec 001 §7 utility/employer): tens of thousands of employers live on the
 * server, so it searches there once typing pauses, from the second letter, and shows at most the
 * server's limit, saying when more match.
 */
export function EmployerPicker({ value, onChange, error, id }: PickerProps) {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), EMPLOYER_SEARCH_DEBOUNCE_MS);
  const searchable =
    term.replace(/[^\p{L}\p{N}]/gu, '').length >= EMPLOYER_SEARCH_MIN_LENGTH &&
    term.length <= EMPLOYER_SEARCH_MAX_LENGTH;
  const search = useEmployersQuery(term, { skip: !searchable });
  const typing = text.trim() !== term;
  const options = useMemo<PickedOption[]>(
    () =>
      searchable && search.data
        ? search.data.employers.map((employer) => ({ id: employer.employerId, label: employer.name }))
        : [],
    [searchable, search.data],
  );
  let empty: ReactNode = 'Type at least 2 letters of your employer’s name';
  if (term.length > EMPLOYER_SEARCH_MAX_LENGTH) empty = 'Type just the company’s name, without its address';
  else if (search.isError) empty = 'We couldn’t search employers just now. Please try again.';
  else if (searchable && !typing)
    empty = 'No employer matches. Check the spelling, or try the name on your salary slip.';
  return (
    <Combobox
      id={id}
      label="Employer"
      hint="Type the name of the company you work for"
      options={typing ? [] : options}
      value={value}
      onChange={onChange}
      onInputChange={setText}
      loading={searchable && (typing || search.isFetching)}
      emptyMessage={empty}
      footer={search.data?.more ? 'More employers match: keep typing to narrow the list' : undefined}
      describeResults={(count) => `${count} employer${count === 1 ? '' : 's'} found`}
      error={error}
      required
    />
  );
}

/** Shows the popular entries until something is typed, then every entry that matches. */
function useTopThenAll<T>(
  top: readonly T[] | undefined,
  all: readonly T[] | undefined,
  toOption: (entry: T) => PickedOption,
) {
  const [text, setText] = useState('');
  const allOptions = useMemo(() => (all ?? []).map(toOption), [all, toOption]);
  const topOptions = useMemo(() => (top ?? []).map(toOption), [top, toOption]);
  const typed = text.trim() !== '';
  return { setText, typed, options: typed ? filterOptions(allOptions, text) : topOptions };
}

const cityOption = (city: { cityId: number; name: string; state: string }): PickedOption => ({
  id: city.cityId,
  label: city.name,
  description: city.state,
});

/** The city picker (spec 001 §7 utility/getTopCity first, utility/city as one types). */
export function CityPicker({ value, onChange, error, id }: PickerProps) {
  const top = useTopCitiesQuery();
  const all = useCitiesQuery();
  const { setText, typed, options } = useTopThenAll(top.data?.cities, all.data?.cities, cityOption);
  return (
    <Combobox
      id={id}
      label="City you live in"
      hint="Or the nearest city to where you live"
      options={options}
      value={value}
      onChange={onChange}
      onInputChange={setText}
      optionsHeading={typed ? undefined : 'Popular cities'}
      loading={all.isLoading || top.isLoading}
      emptyMessage={
        all.isError
          ? 'We couldn’t load the list of cities. Please try again.'
          : 'No city matches. Try the nearest city.'
      }
      describeResults={(count) => `${count} cit${count === 1 ? 'y' : 'ies'}`}
      error={error}
      required
    />
  );
}

const bankOption = (bank: { institutionId: number; name: string; shortName: string }): PickedOption => ({
  id: bank.institutionId,
  label: bank.name,
  ...(bank.shortName !== bank.name ? { description: bank.shortName } : {}),
});

/**
 * The bank picker (spec 001 §7 utility/getTopInstitution first, utility/institution/4 as one types).
 * Optional, unless `required`: a self-employed customer's turnover is in one of spec 001 §3's
 * specialAnnualTurnOverKeys bands, where lenders ask which bank holds the business's account.
 */
export function BankPicker({ value, onChange, error, id, required = false }: PickerProps & { required?: boolean }) {
  const top = useTopBanksQuery();
  const all = useBanksQuery();
  const { setText, typed, options } = useTopThenAll(top.data?.institutions, all.data?.institutions, bankOption);
  return (
    <Combobox
      id={id}
      label={required ? 'Bank of your main business account' : 'Bank of your main account (optional)'}
      hint={
        required
          ? 'Lenders ask for it at this turnover: the bank your business income is paid into'
          : 'Where your salary or business income is paid'
      }
      options={options}
      value={value}
      onChange={onChange}
      onInputChange={setText}
      optionsHeading={typed ? undefined : 'Popular banks'}
      loading={all.isLoading || top.isLoading}
      emptyMessage={all.isError ? 'We couldn’t load the list of banks. Please try again.' : 'No bank matches'}
      describeResults={(count) => `${count} bank${count === 1 ? '' : 's'}`}
      error={error}
      required={required}
    />
  );
}
