// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHarness, SnapSheetHarness } from '../test/harness.tsx';

afterEach(cleanup);

const active = () => document.activeElement;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sheetEl = () => document.querySelector<HTMLElement>('.pv-sheet')!;
/** happy-dom lays nothing out: give the sheet the height a 375×812 phone would (80vh). */
const layOut = () => Object.defineProperty(sheetEl(), 'offsetHeight', { configurable: true, value: 650 });
const toggle = () => document.querySelector<HTMLButtonElement>('.pv-sheet-toggle')!;

/** A mouse drag by `up` px (negative: down); `slow` rests before letting go, so it is no flick. */
async function mouseDrag(target: Element, up: number, slow: boolean) {
  fireEvent.pointerDown(target, { clientX: 100, clientY: 400, pointerId: 7, pointerType: 'mouse', button: 0 });
  fireEvent.pointerMove(target, { clientX: 100, clientY: 400 - up / 2, pointerId: 7, pointerType: 'mouse' });
  fireEvent.pointerMove(target, { clientX: 100, clientY: 400 - up, pointerId: 7, pointerType: 'mouse' });
  if (slow) await sleep(130);
  fireEvent.pointerUp(target, { clientX: 100, clientY: 400 - up, pointerId: 7, pointerType: 'mouse' });
}

function touch(target: Element, type: 'touchstart' | 'touchmove' | 'touchend', y: number) {
  const point = { identifier: 1, target, clientX: 100, clientY: y } as unknown as Touch;
  const touches = type === 'touchend' ? [] : [point];
  const event = new TouchEvent(type, { touches, changedTouches: [point], bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('BottomSheet as a modal sheet (onClose)', () => {
  it('has the dialog semantics, takes focus and gives it back', () => {
    const onClose = vi.fn();
    render(h(ModalHarness, { onClose, sheet: true }));
    const opener = screen.getByRole('button', { name: 'Withdraw consent' });
    opener.focus();
    fireEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Withdraw your consent?' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.className).toContain('pv-sheet');
    expect(screen.getByTestId('pv-sheet-handle').getAttribute('aria-hidden')).toBe('true');
    expect(active()?.textContent).toBe('Read the terms');
    // Nothing to peek at: no toggle, and Esc closes.
    expect(document.querySelector('.pv-sheet-toggle')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(active()).toBe(opener);
  });

  it('a slow drag down of 15px on the handle does nothing; one of 40px closes it (spec 000 §9)', async () => {
    const onClose = vi.fn();
    render(h(ModalHarness, { onClose, sheet: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw consent' }));
    layOut();
    await mouseDrag(screen.getByTestId('pv-sheet-handle'), -15, true);
    expect(onClose).not.toHaveBeenCalled();
    await mouseDrag(screen.getByTestId('pv-sheet-handle'), -40, true);
    expect(onClose).toHaveBeenCalledWith('drag');
  });
});

describe('BottomSheet as a snapping sheet (snap, onSnapChange)', () => {
  it('peeks as a labelled non-modal region whose toggle is collapsed; what lies below is inert', () => {
    render(h(SnapSheetHarness));
    const region = screen.getByRole('region', { name: 'Your credit snapshot' });
    expect(region.getAttribute('aria-modal')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const expand = screen.getByRole('button', { name: 'Show all offers' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    const more = document.getElementById(expand.getAttribute('aria-controls')!)!;
    expect(more.hasAttribute('inert')).toBe(true);
    expect(more.textContent).toContain('Offer 1');
    // The peek's own element stays usable, and the page is not touched.
    expect(screen.getByRole('link', { name: 'CIBIL score 781, Excellent' }).closest('[inert]')).toBeNull();
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(false);
    expect(screen.queryByTestId('pv-overlay')!.className).not.toContain('shown');
  });

  it('the toggle opens a modal dialog: focus moves in, Tab stays in, the page is inert, Esc returns to the peek', () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange }));
    toggle().focus();
    fireEvent.click(toggle());
    expect(onSnapChange).toHaveBeenLastCalledWith('open', 'toggle');
    const dialog = screen.getByRole('dialog', { name: 'Your credit snapshot' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(active()).toBe(dialog);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-label')).toBe('Show fewer offers');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)!.hasAttribute('inert')).toBe(false);
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(true);
    expect(screen.getByTestId('pv-overlay').className).toContain('shown');

    const links = screen.getAllByRole('link');
    const last = links[links.length - 1]!;
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(active()).toBe(toggle());
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(active()).toBe(last);

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onSnapChange).toHaveBeenLastCalledWith('peek', 'escape');
    expect(screen.getByRole('region', { name: 'Your credit snapshot' })).toBeTruthy();
    expect(active()).toBe(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('main')!.hasAttribute('inert')).toBe(false);
  });

  it('opened from the page and closed with its close button, focus returns to the page', () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange, initial: 'closed' }));
    expect(sheetEl().hasAttribute('inert')).toBe(true);
    const launcher = screen.getByRole('button', { name: 'See your offers' });
    launcher.focus();
    fireEvent.click(launcher);
    expect(active()).toBe(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onSnapChange).toHaveBeenLastCalledWith('closed', 'close-button');
    expect(sheetEl().hasAttribute('inert')).toBe(true);
    expect(active()).toBe(launcher);
  });

  it('hidden from the peek with its close button, focus goes to the page’s launcher', () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange }));
    const hide = screen.getByRole('button', { name: 'Close' });
    hide.focus();
    fireEvent.click(hide);
    expect(onSnapChange).toHaveBeenLastCalledWith('closed', 'close-button');
    expect(active()).toBe(screen.getByRole('button', { name: 'See your offers' }));
  });

  it('the overlay returns the open sheet to the peek', () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange, initial: 'open' }));
    fireEvent.click(screen.getByTestId('pv-overlay'));
    expect(onSnapChange).toHaveBeenLastCalledWith('peek', 'overlay');
  });

  it('a mouse drag of 25px up opens it; a slow 15px one does nothing; the click a drag ends in is swallowed', async () => {
    const onSnapChange = vi.fn();
    const onScoreClick = vi.fn((event: Event) => event.preventDefault());
    render(h(SnapSheetHarness, { onSnapChange }));
    const tile = screen.getByRole('link', { name: 'CIBIL score 781, Excellent' });
    tile.addEventListener('click', onScoreClick);
    layOut();
    await mouseDrag(tile, 15, true);
    expect(onSnapChange).not.toHaveBeenCalled();
    await mouseDrag(tile, 25, true);
    fireEvent.click(tile);
    expect(onSnapChange).toHaveBeenCalledWith('open', 'drag');
    expect(onScoreClick).not.toHaveBeenCalled();
    await sleep(5);
    fireEvent.click(tile);
    expect(onScoreClick).toHaveBeenCalledOnce();
  });

  it('follows a touch with a transform, cancels the page scroll, and snaps on release', async () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange }));
    const tile = screen.getByRole('link', { name: 'CIBIL score 781, Excellent' });
    layOut();
    touch(tile, 'touchstart', 500);
    const moved = touch(tile, 'touchmove', 470);
    expect(moved.defaultPrevented).toBe(true);
    expect(sheetEl().style.transform).toMatch(/^translateY\(/);
    expect(sheetEl().hasAttribute('data-dragging')).toBe(true);
    await sleep(130);
    touch(tile, 'touchend', 470);
    expect(sheetEl().style.transform).toBe('');
    expect(sheetEl().hasAttribute('data-dragging')).toBe(false);
    expect(onSnapChange).toHaveBeenCalledWith('open', 'drag');
  });

  it('a touch on the open sheet scrolled content scrolls it, never drags the sheet', () => {
    const onSnapChange = vi.fn();
    render(h(SnapSheetHarness, { onSnapChange, initial: 'open', rows: 30 }));
    const body = document.querySelector<HTMLElement>('.pv-sheet-body')!;
    body.scrollTop = 120;
    Object.defineProperty(body, 'scrollTop', { configurable: true, value: 120 });
    const offer = screen.getByRole('link', { name: 'Offer 12' });
    layOut();
    touch(offer, 'touchstart', 300);
    const moved = touch(offer, 'touchmove', 380);
    touch(offer, 'touchend', 380);
    expect(moved.defaultPrevented).toBe(false);
    expect(sheetEl().style.transform).toBe('');
    expect(onSnapChange).not.toHaveBeenCalled();
  });
});

describe('BottomSheet inside a widget shadow root (how the nudge mounts it)', () => {
  it('open silences the host page around the widget and gives it back on Esc', () => {
    const before = document.createElement('header');
    before.textContent = 'Partner site navigation';
    const host = document.createElement('pravesh-nudge');
    const after = document.createElement('footer');
    after.setAttribute('inert', ''); // the page's own inert element stays the page's
    document.body.append(before, host, after);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.append(mount);
    const onSnapChange = vi.fn();
    const view = render(h(SnapSheetHarness, { onSnapChange }), { container: mount });
    const sheet = shadow.querySelector<HTMLElement>('.pv-sheet')!;
    const main = shadow.querySelector('main')!;
    expect(sheet.getAttribute('role')).toBe('region');

    fireEvent.click(shadow.querySelector('.pv-sheet-toggle')!);
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(shadow.activeElement).toBe(sheet);
    expect([before.hasAttribute('inert'), main.hasAttribute('inert'), host.hasAttribute('inert')]).toEqual([
      true,
      true,
      false,
    ]);

    fireEvent.keyDown(sheet, { key: 'Escape', composed: true, bubbles: true });
    expect(onSnapChange).toHaveBeenLastCalledWith('peek', 'escape');
    expect([before.hasAttribute('inert'), main.hasAttribute('inert'), after.hasAttribute('inert')]).toEqual([
      false,
      false,
      true,
    ]);
    expect(shadow.activeElement).toBe(shadow.querySelector('.pv-sheet-toggle'));
    view.unmount();
    before.remove();
    host.remove();
    after.remove();
  });
});
