// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, lockPageForModal, MODAL_OPEN_CLASS } from './modal-rules.tsx';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The dashboard's containers the spec names, plus one it does not (greeting). */
function page() {
  document.body.innerHTML = `
    <header><a class="ma-brand-link" href="/dashboard">Kosh</a><div class="ma-header-account"><button>Log out</button></div>
      <nav class="ma-menu-panel" hidden></nav></header>
    <nav class="ma-sidebar"><a href="/profile">Profile</a></nav>
    <main>
      <section id="greeting">Hello</section>
      <section id="credit-score">Score</section>
      <section id="offers"><div data-ma-blur="banner">Banner</div></section>
      <div data-ma-blur="consent">Consent</div>
    </main>`;
}

function screenWidth(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: narrow && query === '(max-width: 820px)', media: query }) as MediaQueryList,
  );
}

const inert = (selector: string) => document.querySelector(selector)!.hasAttribute('inert');

describe('spec 001 §2 modal rules', () => {
  it('locks scroll and makes offers, score, banners, consent, actions, logo and sidebar inert', () => {
    page();
    screenWidth(false);
    const unlock = lockPageForModal();
    expect(document.documentElement.classList.contains(MODAL_OPEN_CLASS)).toBe(true);
    for (const selector of [
      '#offers',
      '#credit-score',
      '[data-ma-blur="consent"]',
      '.ma-brand-link',
      '.ma-header-account',
      '.ma-sidebar',
    ]) {
      expect(inert(selector), selector).toBe(true);
    }
    expect(inert('#greeting')).toBe(false);
    unlock();
    expect(document.documentElement.classList.contains(MODAL_OPEN_CLASS)).toBe(false);
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
  });

  it('at 820px or less the sidebar (and the menu standing in for it) stays usable', () => {
    page();
    screenWidth(true);
    const unlock = lockPageForModal();
    expect(inert('.ma-sidebar')).toBe(false);
    expect(inert('.ma-menu-panel')).toBe(false);
    expect(inert('#offers')).toBe(true);
    unlock();
  });

  it('gives the page back only when the last of two modals closes, and never un-inerts what it did not set', () => {
    page();
    screenWidth(false);
    document.querySelector('#credit-score')!.setAttribute('inert', '');
    const first = lockPageForModal();
    const second = lockPageForModal();
    first();
    first(); // a second call of the same unlock changes nothing
    expect(inert('#offers')).toBe(true);
    second();
    expect(inert('#offers')).toBe(false);
    expect(inert('#credit-score')).toBe(true);
  });

  it('Dialog renders outside the blurred sections and applies the rules while mounted', () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <section id="offers">
          <button onClick={() => setOpen(true)}>Open</button>
          {open ? (
            <Dialog title="Offer" onClose={() => setOpen(false)}>
              <p>Body</p>
            </Dialog>
          ) : null}
        </section>
      );
    }
    screenWidth(false);
    const { container } = render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer' });
    expect(container.querySelector('#offers')!.hasAttribute('inert')).toBe(true);
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.closest('[inert]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('#offers')!.hasAttribute('inert')).toBe(false);
  });
});
