// @vitest-environment happy-dom
import { act, fireEvent, within } from '@testing-library/react';
import { selectRecentActivity, type RecentActivityItem } from '@pravesh/core';
import type { Pravesh, SignOn, SignOnSession, VisitorLayer } from '@pravesh/sdk';
import { NUDGE_ROUTES, type NudgeMountContext, type NudgeWidget } from '@pravesh/sdk/nudge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountNudge, NUDGE_HOST_TAG, type MountStepYield } from './mount.tsx';
import { SIGNED_OUT_FLAG, SWIPE_HINT } from './nudge.tsx';

/**
 * The nudge widget in a page: mounted as the loader mounts it, with a sign-on
 * client and a visitor layer that play the SDK's, and driven by role and name as a customer
 * (or their screen reader) would.
 */

const LINKS = {
  creditReport: 'https://www.example.in/credit-report',
  offers: 'https://www.example.in/offers',
  dashboard: 'https://www.example.in/my-account',
};
const SESSION: SignOnSession = {
  customerId: '6f1c1f8e-8a43-4f55-9a55-3c7d0f0d2a11',
  mobileNo: '9876543210',
  accessToken: 'access-1',
  expiresAt: Date.now() + 900_000,
  scope: 'myaccount',
};
const SCORES = [
  {
    creditBureau: 'CIBIL',
    score: 781,
    previousScore: 770,
    scoreBand: 'VERY_GOOD',
    dateApplied: '2026-11-20T10:00:00+05:30',
    scoreState: 'SCORE',
    isValidScore: true,
  },
];
const OFFERS = {
  PL: {
    subProductList: [1, 2, 3].map((n) => ({
      offerId: `pl-${n}`,
      productType: 'Personal Loan',
      productName: `Kosh Personal Loan ${n}`,
      bannerTitle: `Up to ₹${n},00,000 at 10.99% p.a.`,
      features: { shortDescriptionApp: ['Money in your account in 10 minutes', 'No collateral'] },
      imageUrl: { partnerImage: 'https://www.example.in/assets/offers/partners/kosh-bank.svg' },
      lender: { id: 'kosh-bank', name: 'Kosh Bank', legalName: 'Kosh Bank Limited' },
    })),
  },
};
const ACTIVITY: RecentActivityItem[] = [1, 2, 3].map((n) => ({
  siteId: 7,
  id: `cc-${n}`,
  type: 'lead',
  product: 'CC',
  title: 'Credit Card',
  subtitle: 'Continue your credit card application',
  icon: 'credit-card',
  itemTitle: `Card application ${n}`,
  itemSubtitle: undefined,
  continueUrl: `https://cards.example.in/apply/${n}`,
  closedLabel: undefined,
  updatedAt: 1_700_000_000_000 - n,
}));

interface Setup {
  signedIn?: boolean;
  initialNudgeState?: 'open' | 'close';
  mobileNo?: string;
  request?: (method: string, path: string, options?: { body?: unknown }) => Promise<unknown>;
  mobile?: boolean;
  askConsent?: (contractId: string) => Promise<string>;
  activity?: RecentActivityItem[];
  /** Between the mount's steps (default: none). */
  yieldToHost?: MountStepYield;
}

let widget: NudgeWidget | undefined;

/** One customer action, with React's updates and the promises it starts settled. */
const run = (action: () => unknown) =>
  act(async () => {
    action();
    await Promise.resolve();
  });

/** The mocked screen: a test may narrow it and tell the media-query listeners, as a resize would. */
const viewport = { mobile: false, listeners: new Set<() => void>() };

function mockViewport(mobile: boolean) {
  viewport.mobile = mobile;
  viewport.listeners.clear();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return viewport.mobile && query.includes('max-width');
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => viewport.listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => viewport.listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
}

async function setup(options: Setup = {}) {
  mockViewport(options.mobile ?? false);
  let record = {
    id: 'r1',
    visitorId: 'v1',
    initialNudgeState: options.initialNudgeState ?? 'close',
    visit: 'visit-1',
    lastActive: 1,
    createdAt: 1,
    updatedAt: 1,
  };
  const visitor = {
    records: {
      read: () => record,
      write: vi.fn((next: typeof record) => {
        record = next;
      }),
      knownMobileNo: () => Promise.resolve(options.mobileNo),
    },
    recentActivity: vi.fn(() => Promise.resolve(options.activity ?? ACTIVITY)),
    storage: { setItem: vi.fn((item: unknown) => Promise.resolve(item)) },
    mergeListeners: new Set<() => void>(),
    onMerged(listener: () => void) {
      visitor.mergeListeners.add(listener);
      return () => void visitor.mergeListeners.delete(listener);
    },
  };
  const request = vi.fn(
    options.request ??
      ((_method: string, path: string) => Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? SCORES : OFFERS)),
  );
  const signIn = vi.fn(() => Promise.resolve({ status: 'signedIn' as const, session: SESSION }));
  const signOn = {
    session: options.signedIn ? SESSION : undefined,
    subscribe: () => () => {},
    request,
    signIn,
    logout: vi.fn(),
  };
  const track = vi.fn(() => Promise.resolve({ eventId: 'e', storedAt: '' }));
  const navigate = vi.fn<(url: string) => void>();
  const context: NudgeMountContext = {
    pravesh: { environment: 'local', track } as unknown as Pravesh,
    signOn: Promise.resolve(signOn as unknown as SignOn),
    visitor: Promise.resolve(visitor as unknown as VisitorLayer),
    links: LINKS,
    document,
    navigate,
    ...(options.askConsent ? { askConsent: options.askConsent } : {}),
  };
  await act(async () => {
    widget = await mountNudge(context, options.yieldToHost);
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const root = document.querySelector(NUDGE_HOST_TAG)!.shadowRoot!;
  const view = within(root as unknown as HTMLElement);
  return { root, view, visitor, signOn, request, signIn, track, navigate, record: () => record };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
});

afterEach(() => {
  act(() => widget?.destroy());
  widget = undefined;
  // A consent panel a failing test left on the page must not meet the next test's nudge.
  for (const element of document.querySelectorAll('pravesh-consent')) element.remove();
  vi.restoreAllMocks();
});

const dock = (root: ShadowRoot) => root.querySelector<HTMLElement>('.dock')!;

describe('the nudge on a wide screen (spec 000 §2, §4)', () => {
  it('mounts in steps that let the host page run between them: stylesheet, React root, first render', async () => {
    const seen: { stylesheets: number; rendered: boolean }[] = [];
    const yieldToHost = () => {
      const shadow = document.querySelector(NUDGE_HOST_TAG)!.shadowRoot!;
      seen.push({ stylesheets: shadow.adoptedStyleSheets.length, rendered: shadow.querySelector('.dock') !== null });
      return new Promise<void>((resolve) => setTimeout(resolve, 0));
    };
    const { root, view } = await setup({ initialNudgeState: 'open', yieldToHost });
    expect(seen).toEqual([
      { stylesheets: 1, rendered: false },
      { stylesheets: 1, rendered: false },
    ]);
    expect(dock(root).dataset.open).toBe('true');
    expect(view.getByRole('button', { name: 'Hide', expanded: true })).toBeTruthy();
  });

  it('opens by default on a new visit, then records close for the next page', async () => {
    const { root, view, record } = await setup({ initialNudgeState: 'open' });
    expect(dock(root).dataset.open).toBe('true');
    expect(record().initialNudgeState).toBe('close');
    expect(view.getByRole('button', { name: 'Hide', expanded: true })).toBeTruthy();
    // Opened by itself, it leaves the page usable; opened by the customer, it brings the overlay.
    expect(root.querySelector('[data-testid="nudge-overlay"]')).toBeNull();
    await run(() => view.getByRole('button', { name: 'Hide' }).click());
    await run(() => view.getByRole('button', { name: /your score & offers/i }).click());
    expect(root.querySelector('[data-testid="nudge-overlay"]')).not.toBeNull();
  });

  it('stays closed on a later page; the tab, overlay, check button and Escape toggle it', async () => {
    const { root, view } = await setup();
    const tab = view.getByRole('button', { name: /your score & offers/i });
    expect(tab.getAttribute('aria-expanded')).toBe('false');
    expect(tab.getAttribute('aria-controls')).toBe('nudge-panel');
    expect(root.getElementById('nudge-panel')!.inert).toBe(true);
    expect(tab.dataset.shake).toBe('true');

    await run(() => tab.click());
    expect(dock(root).dataset.open).toBe('true');
    expect(root.getElementById('nudge-panel')!.inert).toBe(false);
    await run(() => root.querySelector<HTMLElement>('[data-testid="nudge-overlay"]')!.click());
    expect(dock(root).dataset.open).toBe('false');

    await run(() => widget!.open());
    await run(() => view.getByRole('button', { name: 'Done, hide this panel' }).click());
    expect(dock(root).dataset.open).toBe('false');

    await run(() => widget!.toggle());
    expect(dock(root).dataset.open).toBe('true');
    fireEvent.keyDown(root.getElementById('nudge-panel')!, { key: 'Escape' });
    expect(dock(root).dataset.open).toBe('false');
    expect(root.activeElement?.classList.contains('tab')).toBe(true);
  });

  it('when the page has locked its scroll: no auto-open and no overlay', async () => {
    document.body.style.overflow = 'hidden';
    const { root } = await setup({ initialNudgeState: 'open' });
    expect(dock(root).dataset.open).toBe('false');
    await run(() => widget!.open());
    expect(dock(root).dataset.open).toBe('true');
    expect(root.querySelector('[data-testid="nudge-overlay"]')).toBeNull();
  });

  it('one at a time: a panel that opened by itself steps aside for the consent panel and comes back when it closes', async () => {
    const { root } = await setup({ initialNudgeState: 'open', signedIn: true });
    expect(dock(root).dataset.open).toBe('true');
    // The site's consent check answers after the nudge opened: the consent panel asks alone.
    const consentPanel = document.createElement('pravesh-consent');
    await run(() => document.body.appendChild(consentPanel));
    expect(dock(root).dataset.open).toBe('false');
    // Accepted: the new visit's panel is back as it was, leaving the page usable (no overlay).
    await run(() => consentPanel.remove());
    expect(dock(root).dataset.open).toBe('true');
    expect(root.querySelector('[data-testid="nudge-overlay"]')).toBeNull();
  });

  it('one at a time: with the consent panel already asking, the new visit’s open waits for it to close', async () => {
    const consentPanel = document.createElement('pravesh-consent');
    document.body.appendChild(consentPanel);
    const { root, record } = await setup({ initialNudgeState: 'open', signedIn: true });
    expect(dock(root).dataset.open).toBe('false');
    expect(record().initialNudgeState).toBe('close');
    await run(() => consentPanel.remove());
    expect(dock(root).dataset.open).toBe('true');
  });

  it('beside the consent panel, the customer’s own choice holds: opened stays open, closed stays closed', async () => {
    const { root, view } = await setup({ initialNudgeState: 'open', signedIn: true });
    // Closed and opened again by the customer: theirs now, not the visit's.
    await run(() => view.getByRole('button', { name: /^Hide/ }).click());
    await run(() => view.getByRole('button', { name: /your score & offers/i }).click());
    const consentPanel = document.createElement('pravesh-consent');
    await run(() => document.body.appendChild(consentPanel));
    expect(dock(root).dataset.open).toBe('true');
    await run(() => consentPanel.remove());
    // Closed by the customer before the consent panel came: it does not come back after it.
    await run(() => view.getByRole('button', { name: /^Hide/ }).click());
    await run(() => document.body.appendChild(consentPanel));
    await run(() => consentPanel.remove());
    expect(dock(root).dataset.open).toBe('false');
  });

  it('shows the tiles in order: score, offers, recent activity', async () => {
    const { root } = await setup({ signedIn: true });
    const order = Array.from(root.querySelectorAll<HTMLElement>('[data-tile]')).map((tile) => tile.dataset.tile);
    expect(order).toEqual(['bureauTile', 'gucpaOffers', 'recentActivity']);
    expect(root.querySelector('.panel-summary')!.textContent).toBe('3 pre-approved offers picked for you');
  });
});

describe('signed out (spec 000 §4 "Logged-out click on a tile")', () => {
  it('shows "Get Credit Score for FREE"; a click closes the nudge, opens OTP sign-in for the known number, then redirects', async () => {
    const { root, view, signIn, navigate } = await setup({ initialNudgeState: 'open', mobileNo: '9876543210' });
    const link = view.getByRole('link', { name: 'Check my score' });
    expect(view.getByRole('heading', { name: 'Get Credit Score for FREE' })).toBeTruthy();
    await act(async () => {
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(dock(root).dataset.open).toBe('false');
    expect(signIn).toHaveBeenCalledWith({ journeyType: 'JOURNEY_OTP', mobileNo: '9876543210' });
    expect(navigate).toHaveBeenCalledWith(LINKS.creditReport);
  });

  it('without a known number, the create-login journey; no redirect when sign-in is closed', async () => {
    const { view, signIn, navigate } = await setup();
    signIn.mockResolvedValueOnce({ status: 'closed', error: 'closed_by_user' } as never);
    await run(() => widget!.open());
    await act(async () => {
      view.getAllByRole('link', { name: /continue/i })[0]!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(signIn).toHaveBeenCalledWith({});
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the stored tiles of the last live fetch', async () => {
    localStorage.setItem('pravesh_nudge_local', JSON.stringify({ scores: SCORES }));
    const { view, request } = await setup();
    expect(view.getByText('781')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });
});

describe('offers, apply and the error modal (spec 000 §2, §4, §8)', () => {
  async function openOffers(request?: Setup['request']) {
    const setupResult = await setup({ signedIn: true, request });
    await run(() => widget!.open());
    await run(() => setupResult.view.getByRole('button', { name: 'View offers' }).click());
    const dialog = setupResult.view.getByRole('dialog', { name: 'Congratulations! You have 3 Exclusive Offers' });
    return { ...setupResult, dialog: within(dialog) };
  }

  it('six offers: the summary, the tile and the modal all say 6; only the tab badge is capped at "3+"', async () => {
    const personalization = { totalOffers: 6, offers: OFFERS, generatedAt: '2026-11-25T10:00:00+05:30' };
    const { root, view } = await setup({
      signedIn: true,
      request: (_method, path) => Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? SCORES : personalization),
    });
    // One number for one fact (docs/decisions/0007): the summary and the modal say 6; the badge keeps the cap.
    expect(root.querySelector('.panel-summary')!.textContent).toBe('6 pre-approved offers picked for you');
    expect(root.querySelector('.tab-badge')!.textContent).toBe('3+');
    await run(() => widget!.open());
    await run(() => view.getByRole('button', { name: 'View offers' }).click());
    expect(root.querySelector('[data-tile="gucpaOffers"] .tile-note')!.textContent).toBe(
      '2 of 6 pre-approved offers shown',
    );
    expect(view.getByRole('dialog', { name: 'Congratulations! You have 6 Exclusive Offers' })).toBeTruthy();
  });

  it('the modal shows at most 2 cards with Apply Now and See More Offers', async () => {
    const { dialog } = await openOffers();
    expect(dialog.getAllByRole('button', { name: /apply now/i })).toHaveLength(2);
    expect(dialog.getByRole('link', { name: 'See More Offers' }).getAttribute('href')).toBe(LINKS.offers);
  });

  it('each card names its lender in text beside the lender’s mark, not only inside a small image', async () => {
    const { dialog } = await openOffers();
    const cards = dialog.getAllByRole('listitem').filter((item) => item.classList.contains('offer-card'));
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const partner = card.querySelector('.partner')!;
      expect(partner.textContent).toBe('by Kosh Bank');
      const mark = partner.querySelector('img')!;
      expect(mark.getAttribute('src')).toBe('https://www.example.in/assets/offers/partners/kosh-bank.svg');
      expect(mark.getAttribute('alt')).toBe('');
    }
  });

  it('Apply: the full-screen loader, the apply call, then the partner’s redirectUrl', async () => {
    let finish: (value: unknown) => void = () => {};
    const { dialog, view, request, navigate, visitor } = await openOffers((_method, path) =>
      path === NUDGE_ROUTES.applyOffer
        ? new Promise((resolve) => (finish = resolve))
        : Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? SCORES : OFFERS),
    );
    await run(() => dialog.getByRole('button', { name: 'Apply Now for Kosh Personal Loan 1' }).click());
    expect(view.getByRole('status').textContent).toContain('Taking you to Kosh Personal Loan 1');
    expect(request).toHaveBeenCalledWith('POST', NUDGE_ROUTES.applyOffer, {
      body: { mobileNo: SESSION.mobileNo, payload: { visitId: 'visit-1' }, offerId: 'pl-1' },
    });
    await act(async () => {
      finish({ redirectUrl: 'https://partner.example.in/lead/42' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(navigate).toHaveBeenCalledWith('https://partner.example.in/lead/42');
    // The application is left in the shared storage first: every site's Recent Activity lists it.
    expect(visitor.storage.setItem).toHaveBeenCalledWith({
      id: 'offer-pl-1',
      type: 'lead',
      product: 'PL',
      title: 'Kosh Personal Loan 1',
      subtitle: 'Application started with Kosh Bank',
      continueUrl: 'https://partner.example.in/lead/42',
    });
    expect(visitor.storage.setItem.mock.invocationCallOrder[0]!).toBeLessThan(navigate.mock.invocationCallOrder[0]!);
  });

  /** The nudge's own note of an apply for the first offer, as Recent Activity lists it. */
  const applicationRow = (overrides: Partial<RecentActivityItem> = {}): RecentActivityItem => ({
    ...ACTIVITY[0]!,
    siteId: 2,
    id: 'offer-pl-1',
    product: 'PL',
    itemTitle: 'Kosh Personal Loan 1',
    continueUrl: 'https://partner.example.in/lead/42',
    ...overrides,
  });

  /** Opens the nudge with `activity` listed: the offer rows' pills, then the offers modal. */
  async function offersAfter(activity: RecentActivityItem[]) {
    const { root, view } = await setup({ signedIn: true, activity });
    await run(() => widget!.open());
    const pills = [...root.querySelectorAll('.offer-row')].map((row) => row.querySelector('.pill')!.textContent);
    await run(() => view.getByRole('button', { name: 'View offers' }).click());
    const dialog = within(view.getByRole('dialog', { name: 'Congratulations! You have 3 Exclusive Offers' }));
    return { pills, dialog };
  }

  it('an offer applied for shows its status in the tile and the modal, not "Pre-approved"', async () => {
    const { pills, dialog } = await offersAfter([applicationRow()]);
    expect(pills).toEqual(['Applied', 'Pre-approved']);
    expect(dialog.getByRole('button', { name: 'Continue application for Kosh Personal Loan 1' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Apply Now for Kosh Personal Loan 2' })).toBeTruthy();
  });

  it('an offer whose application was withdrawn may be applied for again: "Pre-approved" and Apply Now', async () => {
    const { pills, dialog } = await offersAfter([applicationRow({ closedLabel: 'Withdrawn' })]);
    expect(pills).toEqual(['Pre-approved', 'Pre-approved']);
    expect(dialog.getByRole('button', { name: 'Apply Now for Kosh Personal Loan 1' })).toBeTruthy();
  });

  it('a failing apply: the error modal; closing it logs error_display_close', async () => {
    const { dialog, view, track, navigate } = await openOffers((_method, path) =>
      path === NUDGE_ROUTES.applyOffer
        ? Promise.reject(new Error('partner down'))
        : Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? SCORES : OFFERS),
    );
    await act(async () => {
      dialog.getAllByRole('button', { name: /apply now/i })[0]!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const error = within(view.getByRole('alertdialog', { name: 'Unable to fetch details' }));
    expect(error.getByText('Please try again after sometime.')).toBeTruthy();
    expect(error.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(LINKS.dashboard);
    expect(view.queryByRole('status')).toBeNull();
    await run(() => error.getByRole('button', { name: 'Close' }).click());
    expect(view.queryByRole('alertdialog')).toBeNull();
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ event: 'error_display_close' }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('NO_HIT: "Get Credit Score for FREE" says the bureaus hold no history yet, not "see your scores"; no offers', async () => {
    const noHit = (creditBureau: string) => ({
      creditBureau,
      score: null,
      previousScore: null,
      scoreBand: null,
      dateApplied: '2026-11-20T10:00:00+05:30',
      scoreState: 'NO_HIT',
      isValidScore: false,
    });
    const { root, view, request } = await setup({
      signedIn: true,
      request: (_method, path) =>
        Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? [noHit('CIBIL'), noHit('EXPERIAN')] : OFFERS),
    });
    await run(() => widget!.open());
    const tile = root.querySelector('[data-tile="bureauTile"]')!;
    expect(view.getByRole('heading', { name: 'Get Credit Score for FREE' })).toBeTruthy();
    expect(tile.textContent).toContain('don’t hold a credit history for you yet');
    expect(tile.textContent).not.toContain('See your CIBIL and Experian scores');
    expect(view.queryByRole('link', { name: 'Check my score' })).toBeNull();
    const link = view.getByRole('link', { name: 'How to start your credit history' });
    expect(link.getAttribute('href')).toBe(LINKS.creditReport);
    // Longer than a phone's text column: it wraps rather than running out of the tile.
    expect(getComputedStyle(link).whiteSpace).toBe('normal');
    expect(root.querySelector('[data-tile="gucpaOffers"]')).toBeNull();
    expect(request).not.toHaveBeenCalledWith('GET', NUDGE_ROUTES.personalization);
  });

  it('new to credit: "See how to build your score" lines up with the text above it', async () => {
    const newToCredit = {
      ...SCORES[0],
      score: null,
      scoreBand: null,
      scoreState: 'NEW_TO_CREDIT',
      isValidScore: false,
    };
    const { view } = await setup({
      signedIn: true,
      request: (_method, path) => Promise.resolve(path === NUDGE_ROUTES.getCreditScores ? [newToCredit] : OFFERS),
    });
    await run(() => widget!.open());
    const link = view.getByRole('link', { name: 'See how to build your score' });
    // The paragraph above starts at its column's edge; a row link's side padding pushed the link 8px in.
    expect(parseFloat(getComputedStyle(link).paddingLeft || '0')).toBe(0);
    expect(parseFloat(getComputedStyle(link).marginLeft || '0')).toBe(0);
  });

  it('offers failing: no offers tile', async () => {
    const { root } = await setup({
      signedIn: true,
      request: (_method, path) =>
        path === NUDGE_ROUTES.personalization ? Promise.reject(new Error('down')) : Promise.resolve(SCORES),
    });
    expect(root.querySelector('[data-tile="gucpaOffers"]')).toBeNull();
    expect(root.querySelector('[data-tile="bureauTile"]')!.textContent).toContain('781');
  });
});

describe('on a phone (≤767px)', () => {
  it('peeks with the swipe hint as a non-modal region; its toggle opens a modal sheet; Escape returns to the peek', async () => {
    const { view, root } = await setup({ mobile: true, initialNudgeState: 'open' });
    const region = view.getByRole('region', { name: 'Your free credit snapshot' });
    expect(region.getAttribute('aria-modal')).toBeNull();
    expect(within(region).getByText(SWIPE_HINT)).toBeTruthy();
    const toggle = view.getByRole('button', { name: 'Show your score and offers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await run(() => toggle.click());
    const dialog = view.getByRole('dialog', { name: 'Your free credit snapshot' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.keyDown(root.activeElement ?? dialog, { key: 'Escape' });
    await run(() => {});
    expect(view.queryByRole('dialog')).toBeNull();
    expect(view.getByRole('region', { name: 'Your free credit snapshot' })).toBeTruthy();
  });

  it('a wide panel that opened by itself becomes the peek, not a modal sheet, when the screen narrows', async () => {
    const { view } = await setup({ initialNudgeState: 'open' });
    expect(view.getByRole('button', { name: 'Hide', expanded: true })).toBeTruthy();
    // The window narrows past 767px: matchMedia now matches and tells its listeners.
    viewport.mobile = true;
    await run(() => viewport.listeners.forEach((listener) => listener()));
    expect(view.queryByRole('dialog')).toBeNull();
    expect(view.getByRole('region', { name: 'Your free credit snapshot' }).getAttribute('aria-modal')).toBeNull();
  });

  it('recent activity shows the first row until expanded', async () => {
    const { view } = await setup({ mobile: true });
    await run(() => widget!.open());
    const sheet = within(view.getByRole('dialog'));
    expect(sheet.getAllByRole('link', { name: /continue/i })).toHaveLength(1);
    await run(() => sheet.getByRole('button', { name: 'Show all 3' }).click());
    expect(sheet.getAllByRole('link', { name: /continue/i })).toHaveLength(3);
  });

  it('recent activity is read again when the visitor layer merges entries from other sites', async () => {
    const { view, visitor } = await setup({ activity: [] });
    await run(() => widget!.open());
    expect(view.queryByRole('link', { name: /continue/i })).toBeNull();
    // The customer's history lands after the first read (spec 000 §4 sync flag, a new device).
    visitor.recentActivity.mockResolvedValue(ACTIVITY);
    await run(() => visitor.mergeListeners.forEach((listener) => listener()));
    expect(view.getAllByRole('link', { name: /continue/i }).length).toBeGreaterThan(0);
    expect(visitor.recentActivity).toHaveBeenCalledTimes(2);
  });

  it('recent activity: an application withdrawn in My Account shows "Withdrawn", not Continue', async () => {
    const url = (leadId: string) => `https://partner.example.in/lead/${leadId}`;
    // What "Apply Now" leaves on this site (sdk applicationItem): no status, the lead's address.
    const applied = (offerId: string, leadId: string, updatedAt: number) => ({
      id: `offer-${offerId}`,
      type: 'lead',
      product: 'PL',
      title: `Kosh Personal Loan ${offerId}`,
      subtitle: 'Application started with Kosh Bank',
      continueUrl: url(leadId),
      updatedAt,
    });
    // The leads service's item for the same lead, on the personal-loan site (leadActivityPlacement).
    const lead = (leadId: string, state: string) => ({
      id: leadId,
      type: 'lead',
      product: 'PL',
      continueUrl: url(leadId),
      application: [{ id: leadId, partnerName: 'Kosh Bank', state, continueUrl: url(leadId) }],
      updatedAt: 3,
    });
    const activity = selectRecentActivity(
      {
        2: { data: [applied('pl-1', '41', 2), applied('pl-2', '42', 1)] },
        3: { data: [lead('41', 'WITHDRAWN'), lead('42', 'SUBMITTED')] },
      },
      // Only this site is listed, as on the demo sites.
      { sites: [{ siteId: 2, title: 'Personal Loan', subtitle: '', icon: 'personal-loan' }] },
    );
    const { root, view } = await setup({ mobile: true, activity });
    await run(() => widget!.open());
    const sheet = within(view.getByRole('dialog'));
    await run(() => sheet.getByRole('button', { name: 'Show all 2' }).click());
    const rows = within(sheet.getByRole('region', { name: 'Recent Activity' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    expect(within(rows[0]!).getByText('Withdrawn', { exact: true })).toBeTruthy();
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /continue/i })
        .getAttribute('href'),
    ).toBe(url('42'));
    expect(root.querySelectorAll('.activity-row .pill')).toHaveLength(1);
  });

  it('the peek steps aside while the consent panel (a bottom sheet of its own) is up, and comes back after', async () => {
    const { view } = await setup({ mobile: true });
    expect(view.getByRole('region', { name: 'Your free credit snapshot' })).toBeTruthy();
    const consentPanel = document.createElement('pravesh-consent');
    await run(() => document.body.appendChild(consentPanel));
    expect(view.queryByRole('region', { name: 'Your free credit snapshot' })).toBeNull();
    // No launcher: the customer did not hide it.
    expect(view.queryByRole('button', { name: 'Your score & offers' })).toBeNull();
    await run(() => consentPanel.remove());
    expect(view.getByRole('region', { name: 'Your free credit snapshot' })).toBeTruthy();
  });

  it('hidden with its close button, a launcher brings the peek back', async () => {
    const { view } = await setup({ mobile: true });
    await run(() => view.getByRole('button', { name: 'Hide' }).click());
    const launcher = view.getByRole('button', { name: 'Your score & offers' });
    await run(() => launcher.click());
    expect(view.queryByRole('button', { name: 'Your score & offers' })).toBeNull();
    expect(view.getByRole('region', { name: 'Your free credit snapshot' })).toBeTruthy();
  });
});

describe('signing out from the nudge', () => {
  it('signs out, and the next page shows the logout sheet once', async () => {
    const first = await setup({ signedIn: true });
    await run(() => widget!.open());
    await run(() => first.view.getByRole('button', { name: 'Log out' }).click());
    expect(first.signOn.logout).toHaveBeenCalled();
    act(() => widget?.destroy());
    const next = await setup();
    expect(next.view.getByRole('dialog', { name: 'You’ve signed out' })).toBeTruthy();
    expect(sessionStorage.getItem(SIGNED_OUT_FLAG)).toBeNull();
  });
});

describe('"Check my score" signed in without bureau data (consent, then the pull)', () => {
  const pulled = (request: { mock: { calls: unknown[][] } }) =>
    request.mock.calls.some(([method, path]) => method === 'POST' && path === NUDGE_ROUTES.pullReport);

  /** The server's answers: no scores until the pull has happened, then SCORES. */
  function bureau() {
    let pulled = false;
    return (method: string, path: string) => {
      if (path === NUDGE_ROUTES.pullReport && method === 'POST') {
        pulled = true;
        return Promise.resolve({ bureauList: [] });
      }
      if (path === NUDGE_ROUTES.getCreditScores) return Promise.resolve(pulled ? SCORES : []);
      return Promise.resolve(OFFERS);
    };
  }

  it('asks for the credit report terms through the consent panel, pulls, and shows the score', async () => {
    const askConsent = vi.fn(() => Promise.resolve('accepted'));
    const { view, request, navigate } = await setup({ signedIn: true, request: bureau(), askConsent });
    await run(() => widget!.open());
    await run(() => view.getByRole('link', { name: 'Check my score' }).click());
    expect(askConsent).toHaveBeenCalledWith('pb-tnc-credit-report');
    expect(pulled(request)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    await run(() => undefined);
    expect(view.queryByRole('heading', { name: 'Get Credit Score for FREE' })).toBeNull();
    expect(view.getByText('781')).toBeTruthy();
  });

  it('pulls nothing when the terms are declined or the panel dismissed', async () => {
    for (const status of ['declined', 'dismissed']) {
      const askConsent = vi.fn(() => Promise.resolve(status));
      const { view, request } = await setup({ signedIn: true, request: bureau(), askConsent });
      await run(() => widget!.open());
      await run(() => view.getByRole('link', { name: 'Check my score' }).click());
      expect(askConsent).toHaveBeenCalledTimes(1);
      expect(pulled(request)).toBe(false);
      expect(view.getByRole('heading', { name: 'Get Credit Score for FREE' })).toBeTruthy();
      act(() => widget?.destroy());
      widget = undefined;
    }
  });

  it('shows the error modal when the pull fails (spec 000 §8 bureau fetch failure)', async () => {
    const failing = (method: string, path: string) =>
      method === 'POST' ? Promise.reject(new Error('bureauUnavailable')) : bureau()(method, path);
    const { view } = await setup({ signedIn: true, request: failing, askConsent: () => Promise.resolve('accepted') });
    await run(() => widget!.open());
    await run(() => view.getByRole('link', { name: 'Check my score' }).click());
    expect(view.getByRole('alertdialog', { name: 'Unable to fetch details' })).toBeTruthy();
  });
});
