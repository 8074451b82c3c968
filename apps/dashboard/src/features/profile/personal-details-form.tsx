import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, SelectField, TextField } from '@pravesh/ui';
import { PROFILE_ERRORS } from '@pravesh/core/profile/errors.ts';
import {
  BUSINESS_TYPES,
  EMPLOYMENT_TYPE,
  EMPLOYMENT_TYPES,
  GENDERS,
  PROFESSION_TYPES,
  type ReferenceOption,
} from '@pravesh/core/profile/reference.ts';
import {
  personalDetailsProblems,
  type PersonalDetailsField,
  type PersonalDetailsInput,
} from '@pravesh/core/profile/rules.ts';
import type { PersonalDetailsView } from '@pravesh/core/profile/schemas.ts';
import { indianDate } from '@pravesh/core/invoices/gst.ts';
import { useTurnoverRangesQuery, useUpdateProfileMutation } from './api.ts';
import { refusalText } from './errors.ts';
import { BankPicker, CityPicker, EmployerPicker, type PickedOption } from './pickers.tsx';
import { formatWhileTyping, indianDateToIso, isoToIndianDate } from './date-of-birth.ts';

interface FormState {
  fullName: string;
  /** As typed, DD/MM/YYYY (date-of-birth.ts); the API gets YYYY-MM-DD. */
  dateOfBirth: string;
  gender: string;
  /** Typed only when the customer adds or replaces it: the one on file is shown masked. */
  pan: string;
  changingPan: boolean;
  employmentType: number | null;
  employer: PickedOption | null;
  monthlyIncome: string;
  professionType: string;
  businessType: string;
  annualTurnoverId: string;
  city: PickedOption | null;
  bank: PickedOption | null;
}

function initialState(saved: PersonalDetailsView | null): FormState {
  const option = (id: number | null, label: string | null, description?: string): PickedOption | null =>
    id === null || label === null ? null : { id, label, ...(description ? { description } : {}) };
  return {
    fullName: saved?.fullName ?? '',
    dateOfBirth: isoToIndianDate(saved?.dateOfBirth ?? ''),
    gender: saved?.gender ?? '',
    pan: '',
    changingPan: saved?.panMasked == null,
    employmentType: saved?.employmentType ?? null,
    employer: option(saved?.employerId ?? null, saved?.employerName ?? null),
    monthlyIncome: saved?.monthlyIncome ? saved.monthlyIncome.toLocaleString('en-IN') : '',
    professionType: saved?.professionType ? String(saved.professionType) : '',
    businessType: saved?.businessType ? String(saved.businessType) : '',
    annualTurnoverId: saved?.annualTurnoverId ? String(saved.annualTurnoverId) : '',
    city: saved ? option(saved.cityId, saved.cityName, saved.state) : null,
    bank: option(saved?.bankId ?? null, saved?.bankName ?? null),
  };
}

const idOrNull = (value: string) => (value === '' ? null : Number(value));

function toInput(state: FormState): PersonalDetailsInput {
  const income = state.monthlyIncome.replace(/[,\s₹]/g, '');
  return {
    fullName: state.fullName,
    dateOfBirth: indianDateToIso(state.dateOfBirth),
    gender: state.gender,
    // Not changing it: left out, so the one on file stays (rules.ts PersonalDetailsInput.pan).
    ...(state.changingPan ? { pan: state.pan.trim() === '' ? null : state.pan } : {}),
    employmentType: state.employmentType ?? 0,
    employerId: state.employer?.id ?? null,
    monthlyIncome: income === '' ? null : Number(income),
    professionType: idOrNull(state.professionType),
    businessType: idOrNull(state.businessType),
    annualTurnoverId: idOrNull(state.annualTurnoverId),
    cityId: state.city?.id ?? 0,
    bankId: state.bank?.id ?? null,
  };
}

function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  wide = false,
}: {
  legend: string;
  name: string;
  options: readonly { id: string | number; label: string }[];
  value: string | number | null;
  onChange: (id: string) => void;
  error?: string | undefined;
  /** Across the whole row (a long set of choices). */
  wide?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset
      className={`profile-choice${wide ? ' profile-choice--wide' : ''}${error ? ' profile-choice--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
      id={`field-${name}`}
      tabIndex={-1}
    >
      <legend className="pv-field-label">{legend}</legend>
      <div className="profile-choice-options">
        {options.map((option) => (
          <label key={option.id} className="profile-choice-option">
            <input
              type="radio"
              name={name}
              value={String(option.id)}
              checked={String(value) === String(option.id)}
              onChange={() => onChange(String(option.id))}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="pv-field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ReferenceOption[];
  placeholder: string;
  error?: string | undefined;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      controlClassName="profile-select"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

const message = (key: keyof typeof PROFILE_ERRORS) => PROFILE_ERRORS[key].message as string;

/**
 * The personal-details form (spec 001 §2 personal-details; §3 employment, profession and business
 * types): what lenders ask on every application, saved once. The rules are core's, the
 * same the server applies: each broken one is said beside its field, and the first such field gets
 * focus. Pickers: employer by server search, city and bank from their lists.
 */
export function PersonalDetailsForm({
  customerId,
  saved,
  onSaved,
}: {
  customerId: string;
  saved: PersonalDetailsView | null;
  onSaved: () => void;
}) {
  const [state, setState] = useState(() => initialState(saved));
  const [errors, setErrors] = useState<Partial<Record<PersonalDetailsField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update, updating] = useUpdateProfileMutation();
  const ranges = useTurnoverRangesQuery();
  // spec 001 §3 specialAnnualTurnOverKeys: the bands at which the bank is asked for too.
  const specialKeys = ranges.data?.specialAnnualTurnOverKeys ?? [];
  const form = useRef<HTMLFormElement>(null);
  const today = indianDate(new Date());

  const set = <K extends keyof FormState>(key: K, value: FormState[K], field?: PersonalDetailsField) => {
    setState((current) => ({ ...current, [key]: value }));
    if (field && errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = toInput(state);
    const problems = personalDetailsProblems(input, today, specialKeys);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, message(problem.error)])));
      // The first field to fix gets focus (its error is read with it).
      const first = problems[0]!.field;
      form.current?.querySelector<HTMLElement>(`#field-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      await update({ updateType: 'personalDetails', customerId, personalDetails: input }).unwrap();
      onSaved();
    } catch (error) {
      setFailure(refusalText(error));
    }
  }

  const type = state.employmentType;
  const selfEmployed =
    type === EMPLOYMENT_TYPE.selfEmployedProfessional || type === EMPLOYMENT_TYPE.selfEmployedBusiness;
  const bankRequired = selfEmployed && specialKeys.includes(Number(state.annualTurnoverId));
  const fieldError = (field: PersonalDetailsField): string | undefined => errors[field];
  const section = (title: string, children: ReactNode) => (
    <section className="profile-form-section">
      <h2 className="profile-form-heading">{title}</h2>
      <div className="profile-form-grid">{children}</div>
    </section>
  );

  return (
    <form ref={form} className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? (
        <Alert tone="error" title="Your details weren’t saved">
          {failure}
        </Alert>
      ) : null}
      {section(
        'About you',
        <>
          <TextField
            id="field-fullName"
            label="Full name (as on your PAN card)"
            autoComplete="name"
            value={state.fullName}
            onChange={(event) => set('fullName', event.target.value, 'fullName')}
            error={fieldError('fullName')}
            required
          />
          <TextField
            id="field-dateOfBirth"
            label="Date of birth"
            hint="DD/MM/YYYY, as on your PAN card"
            inputMode="numeric"
            placeholder="DD/MM/YYYY"
            maxLength={10}
            autoComplete="bday"
            value={state.dateOfBirth}
            onChange={(event) =>
              set('dateOfBirth', formatWhileTyping(state.dateOfBirth, event.target.value), 'dateOfBirth')
            }
            error={fieldError('dateOfBirth')}
            required
          />
          <RadioGroup
            legend="Gender"
            name="gender"
            options={GENDERS}
            value={state.gender}
            onChange={(id) => set('gender', id, 'gender')}
            error={fieldError('gender')}
          />
          {state.changingPan ? (
            <TextField
              id="field-pan"
              label="PAN (optional)"
              hint="10 characters, like ABCPE1234F. Lenders use it to check your credit report."
              autoCapitalize="characters"
              maxLength={10}
              value={state.pan}
              onChange={(event) => set('pan', event.target.value.toUpperCase(), 'pan')}
              error={fieldError('pan')}
            />
          ) : (
            <div className="pv-field">
              <span className="pv-field-label">PAN</span>
              <div className="profile-pan">
                <span>{saved?.panMasked}</span>
                <Button variant="link" size="sm" onClick={() => set('changingPan', true)}>
                  Change PAN
                </Button>
              </div>
            </div>
          )}
        </>,
      )}
      {section(
        'Work and income',
        <>
          <RadioGroup
            legend="Employment type"
            name="employmentType"
            wide
            options={EMPLOYMENT_TYPES}
            value={type}
            onChange={(id) => set('employmentType', Number(id), 'employmentType')}
            error={fieldError('employmentType')}
          />
          {type === EMPLOYMENT_TYPE.salaried ? (
            <>
              <EmployerPicker
                id="field-employerId"
                value={state.employer}
                onChange={(option) => set('employer', option, 'employerId')}
                error={fieldError('employerId')}
              />
              <TextField
                id="field-monthlyIncome"
                label="Monthly take-home income"
                hint="After tax and deductions, as credited to your bank account"
                prefix="₹"
                inputMode="numeric"
                value={state.monthlyIncome}
                onChange={(event) => set('monthlyIncome', event.target.value.replace(/[^\d,]/g, ''), 'monthlyIncome')}
                error={fieldError('monthlyIncome')}
                required
              />
            </>
          ) : null}
          {type === EMPLOYMENT_TYPE.selfEmployedProfessional ? (
            <Select
              id="field-professionType"
              label="Profession"
              placeholder="Choose your profession"
              options={PROFESSION_TYPES}
              value={state.professionType}
              onChange={(value) => set('professionType', value, 'professionType')}
              error={fieldError('professionType')}
            />
          ) : null}
          {type === EMPLOYMENT_TYPE.selfEmployedBusiness ? (
            <Select
              id="field-businessType"
              label="Business type"
              placeholder="Choose your business type"
              options={BUSINESS_TYPES}
              value={state.businessType}
              onChange={(value) => set('businessType', value, 'businessType')}
              error={fieldError('businessType')}
            />
          ) : null}
          {selfEmployed ? (
            <Select
              id="field-annualTurnoverId"
              label="Annual turnover"
              placeholder={ranges.isError ? 'Couldn’t load the ranges: reload the page' : 'Choose a range'}
              options={(ranges.data?.ranges ?? []).map((range) => ({ id: range.rangeId, label: range.label }))}
              value={state.annualTurnoverId}
              onChange={(value) => set('annualTurnoverId', value, 'annualTurnoverId')}
              error={fieldError('annualTurnoverId')}
            />
          ) : null}
        </>,
      )}
      {section(
        'Where you live and bank',
        <>
          <CityPicker
            id="field-cityId"
            value={state.city}
            onChange={(option) => set('city', option, 'cityId')}
            error={fieldError('cityId')}
          />
          <BankPicker
            id="field-bankId"
            value={state.bank}
            onChange={(option) => set('bank', option, 'bankId')}
            error={fieldError('bankId')}
            required={bankRequired}
          />
        </>,
      )}
      <div className="profile-form-actions">
        <Button type="submit" loading={updating.isLoading} loadingLabel="Saving…">
          Save details
        </Button>
      </div>
    </form>
  );
}
