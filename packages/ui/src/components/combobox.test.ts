// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboboxHarness } from '../test/harness.tsx';
import { filterOptions } from './combobox.tsx';

afterEach(cleanup);

const field = () => screen.getByRole('combobox', { name: 'City' });
const key = (name: string, init: Record<string, unknown> = {}) => fireEvent.keyDown(field(), { key: name, ...init });
const activeOption = () => {
  const id = field().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Combobox (WAI-ARIA 1.2 combobox with listbox popup)', () => {
  it('is a labelled, described combobox that controls its listbox, closed at first', () => {
    render(h(ComboboxHarness));
    const input = field();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-hint`);
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('narrows the options as one types and announces how many there are', () => {
    render(h(ComboboxHarness));
    fireEvent.change(field(), { target: { value: 'm' } });
    expect(field().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'City' });
    expect(listbox).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'MumbaiMaharashtra',
      'MysuruKarnataka',
      'MaduraiTamil Nadu',
      'PuneMaharashtra',
    ]);
    expect(screen.getByRole('status').textContent).toBe('4 results');
    fireEvent.change(field(), { target: { value: 'my' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 result');
    fireEvent.change(field(), { target: { value: 'xyz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No city matches', { selector: 'p.pv-combobox-empty' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No city matches');
  });

  it('moves with Down and Up (wrapping), chooses with Enter without submitting the form', () => {
    const onSubmit = vi.fn();
    const onChosen = vi.fn();
    render(h(ComboboxHarness, { onSubmit, onChosen }));
    key('ArrowDown');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBe('MumbaiMaharashtra');
    key('ArrowDown');
    expect(activeOption()).toBe('MysuruKarnataka');
    key('ArrowUp');
    key('ArrowUp');
    expect(activeOption()).toBe('PuneMaharashtra');
    const active = document.getElementById(field().getAttribute('aria-activedescendant')!);
    expect(active?.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(onChosen).toHaveBeenLastCalledWith('Pune');
    expect((field() as HTMLInputElement).value).toBe('Pune');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    // With the list closed, Enter is the form's again.
    fireEvent.submit(field().closest('form')!);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('opens without moving on Alt+Down; Escape closes, then clears the choice', () => {
    const onChosen = vi.fn();
    render(h(ComboboxHarness, { onChosen }));
    key('ArrowDown', { altKey: true });
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBeNull();
    key('ArrowDown');
    key('Enter');
    expect((field() as HTMLInputElement).value).toBe('Mumbai');
    key('ArrowDown');
    key('Escape');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect((field() as HTMLInputElement).value).toBe('Mumbai');
    key('Escape');
    expect((field() as HTMLInputElement).value).toBe('');
    expect(onChosen).toHaveBeenLastCalledWith(null);
  });

  it('chooses with the pointer, and puts the chosen label back when typing is left unfinished', () => {
    render(h(ComboboxHarness));
    fireEvent.change(field(), { target: { value: 'ma' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: /Madurai/ }));
    expect((field() as HTMLInputElement).value).toBe('Madurai');
    fireEvent.change(field(), { target: { value: 'Pu' } });
    fireEvent.blur(field());
    expect((field() as HTMLInputElement).value).toBe('Madurai');
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('filterOptions', () => {
  it('keeps options containing every typed word, ignoring case and accents, in their order', () => {
    const options = [
      { id: 1, label: 'Pune', description: 'Maharashtra' },
      { id: 2, label: 'Navi Mumbai', description: 'Maharashtra' },
      { id: 3, label: 'Bengaluru', description: 'Karnātaka' },
    ];
    expect(filterOptions(options, 'maha').map((option) => option.id)).toEqual([1, 2]);
    expect(filterOptions(options, 'mumbai MAHA').map((option) => option.id)).toEqual([2]);
    expect(filterOptions(options, 'karnataka').map((option) => option.id)).toEqual([3]);
    expect(filterOptions(options, '  ')).toEqual(options);
  });

  it('ranks labels starting with the text first, then a word starting with it, then the state', () => {
    const options = [
      { id: 1, label: 'Amritsar', description: 'Punjab' },
      { id: 2, label: 'Ludhiana', description: 'Punjab' },
      { id: 3, label: 'Pune', description: 'Maharashtra' },
      { id: 4, label: 'Navi Mumbai', description: 'Maharashtra' },
      { id: 5, label: 'Mumbai', description: 'Maharashtra' },
      { id: 6, label: 'Kanpur', description: 'Uttar Pradesh' },
    ];
    expect(filterOptions(options, 'Pun').map((option) => option.id)).toEqual([3, 1, 2]);
    expect(filterOptions(options, 'mum').map((option) => option.id)).toEqual([5, 4]);
    expect(filterOptions(options, 'pur').map((option) => option.id)).toEqual([6]);
  });
});
