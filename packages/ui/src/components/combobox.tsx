import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';
import { Field } from './field.tsx';

export interface ComboboxOption {
  readonly id: string | number;
  readonly label: string;
  /** A second line (a city's state, a bank's full name). */
  readonly description?: string | undefined;
}

export interface ComboboxProps<T extends ComboboxOption> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The options for the text typed so far (the caller filters, or searches a server). */
  options: readonly T[];
  /** The chosen option; the field shows its label whenever it is not being typed in. */
  value: T | null;
  onChange: (option: T | null) => void;
  /** Every change of the typed text (for filtering or a server search). */
  onInputChange?: (text: string) => void;
  /** A heading over the options (e.g. "Popular cities" before anything is typed). */
  optionsHeading?: ReactNode;
  /** A search is under way: the list says so. */
  loading?: boolean;
  /** Shown, and announced, when the options are empty. */
  emptyMessage?: ReactNode;
  /** Shown under the options (e.g. "Keep typing to narrow the list"). */
  footer?: ReactNode;
  /** Announced after the options change; default "N results". */
  describeResults?: (count: number) => string;
  placeholder?: string;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Options whose label (or description) contains every word typed, case and accents aside, the
 * best matches first: labels that start with what was typed ("Pun" → Pune), then labels with a
 * word starting with it (Navi Mumbai for "mum"), then labels containing it, then matches on the
 * description alone (a state name); in their given order within each.
 */
export function filterOptions<T extends ComboboxOption>(options: readonly T[], text: string): T[] {
  const fold = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const query = fold(text).trim().replace(/\s+/g, ' ');
  const words = query.split(' ').filter(Boolean);
  if (words.length === 0) return [...options];
  const first = words[0]!;
  const rank = (label: string): number => {
    if (label.startsWith(query)) return 0;
    if (label.split(/[\s-]+/).some((word) => word.startsWith(first))) return 1;
    return label.includes(first) ? 2 : 3;
  };
  return options
    .filter((option) => {
      const haystack = fold(`${option.label} ${option.description ?? ''}`);
      return words.every((word) => haystack.includes(word));
    })
    .map((option, index) => ({ option, index, rank: rank(fold(option.label)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ option }) => option);
}

const defaultDescription = (count: number) => (count === 1 ? '1 result' : `${count} results`);

/**
 * An editable combobox with a listbox popup (WAI-ARIA 1.2 combobox pattern, list autocomplete,
 * https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): type to narrow the options; Down and Up
 * open the list and move through it (aria-activedescendant, so focus stays in the field); Enter
 * chooses; Escape closes the list, and clears the field when it is already closed; Alt+Down opens
 * without moving. A choice is made only from the list: leaving the field puts the chosen option's
 * label back. The result count is announced in a polite live region.
 */
export function Combobox<T extends ComboboxOption>({
  label,
  hint,
  error,
  options,
  value,
  onChange,
  onInputChange,
  optionsHeading,
  loading = false,
  emptyMessage = 'No matches',
  footer,
  describeResults = defaultDescription,
  placeholder,
  id,
  name,
  required,
  disabled,
  className,
  ref,
}: ComboboxProps<T>) {
  const generated = useId();
  const inputId = id ?? generated;
  const listId = `${inputId}-listbox`;
  const labelId = `${inputId}-label`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);

  // A value chosen or cleared from outside (a saved form loaded, a reset) shows in the field.
  useEffect(() => {
    setText(value?.label ?? '');
  }, [value]);

  // The active option stays in view as the arrows move through a long list.
  useEffect(() => {
    if (active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView?.({ block: 'nearest' });
  });

  const count = options.length;
  const expanded = open && !disabled;

  function type(next: string) {
    setText(next);
    setOpen(true);
    setActive(-1);
    onInputChange?.(next);
  }

  function choose(option: T) {
    onChange(option);
    setText(option.label);
    setOpen(false);
    setActive(-1);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          if (event.altKey) return;
        }
        if (count > 0) setActive((current) => (current + 1) % count);
        return;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) setOpen(true);
        if (count > 0) setActive((current) => (current <= 0 ? count - 1 : current - 1));
        return;
      }
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          // The list's Enter chooses; it must not also submit the form around the field.
          event.preventDefault();
          choose(option);
        } else if (expanded) {
          event.preventDefault();
        }
        return;
      }
      case 'Escape': {
        if (expanded) {
          event.preventDefault();
          close();
        } else if (text !== '') {
          event.preventDefault();
          type('');
          setOpen(false);
          onChange(null);
        }
        return;
      }
      case 'Home':
      case 'End':
        // In an editable combobox these move the caret (APG): nothing to do here.
        return;
      default:
    }
  }

  const status = loading ? 'Searching…' : count === 0 ? null : describeResults(count);
  return (
    <Field
      id={inputId}
      labelId={labelId}
      label={label}
      hint={hint}
      error={error}
      className={cx('pv-combobox', className)}
      bare
    >
      {(control) => (
        <>
          <div className="pv-combobox-anchor">
            <div className="pv-field-control pv-combobox-control">
              <input
                ref={ref}
                id={inputId}
                name={name}
                className="pv-field-input"
                type="text"
                role="combobox"
                autoComplete="off"
                spellCheck={false}
                aria-autocomplete="list"
                aria-expanded={expanded}
                aria-controls={listId}
                aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
                aria-required={required || undefined}
                placeholder={placeholder}
                disabled={disabled}
                value={text}
                onChange={(event) => type(event.target.value)}
                onKeyDown={onKeyDown}
                onClick={() => setOpen(true)}
                onBlur={() => {
                  close();
                  // Only a listed option is a choice: what was typed and not chosen goes.
                  setText(value?.label ?? '');
                }}
              />
              <span className="pv-combobox-indicator" aria-hidden="true">
                {loading ? (
                  <Spinner />
                ) : (
                  <svg viewBox="0 0 16 16" focusable="false">
                    <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                )}
              </span>
            </div>
            <div className="pv-combobox-popup" hidden={!expanded}>
              {optionsHeading && count > 0 ? (
                <p className="pv-combobox-heading" aria-hidden="true">
                  {optionsHeading}
                </p>
              ) : null}
              {/* Kept when empty (aria-controls names it), hidden so no empty listbox is exposed. */}
              <ul
                ref={list}
                id={listId}
                role="listbox"
                aria-labelledby={labelId}
                className="pv-combobox-list"
                hidden={count === 0}
              >
                {options.map((option, index) => (
                  <li
                    key={option.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className={cx(
                      'pv-combobox-option',
                      index === active && 'pv-combobox-option--active',
                      value?.id === option.id && 'pv-combobox-option--chosen',
                    )}
                    // Mouse down, not click: the field keeps focus (no blur reverting the text first).
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(option);
                    }}
                    onMouseMove={() => setActive(index)}
                  >
                    <span className="pv-combobox-option-label">{option.label}</span>
                    {option.description ? (
                      <span className="pv-combobox-option-description">{option.description}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              {count === 0 && !loading ? <p className="pv-combobox-empty">{emptyMessage}</p> : null}
              {footer && count > 0 ? <p className="pv-combobox-footer">{footer}</p> : null}
            </div>
          </div>
          <p className="pv-visually-hidden" role="status">
            {expanded ? (status ?? (loading ? '' : emptyMessage)) : ''}
          </p>
        </>
      )}
    </Field>
  );
}
