import { describe, expect, it } from 'vitest';
import type { RecentActivityItem } from '@pravesh/core';
import type { SignOn, SignOnSession, VisitorLayer } from '@pravesh/sdk';
import type { NudgeOffer, NudgeTilesState } from '@pravesh/sdk/nudge';
import { initialNudgeState, nudgeReducer, type NudgeAction, type NudgeState } from './nudge-state.ts';

const STORED: NudgeTilesState = { bureauTile: { kind: 'getScore' }, gucpaOffers: null };
const LIVE: NudgeTilesState = {
  bureauTile: { kind: 'noScore', bureau: 'CIBIL', state: 'NEW_TO_CREDIT' },
  gucpaOffers: null,
};
const SESSION = { customerId: 'c-1', mobileNo: '9876543210' } as SignOnSession;
const OFFER = { offerId: 'pl-1', productName: 'Kosh Personal Loan 1' } as NudgeOffer;
const ROW = { id: 'cc-1', title: 'Credit Card' } as RecentActivityItem;

const start = () => initialNudgeState(STORED);
const run = (state: NudgeState, ...actions: NudgeAction[]) => actions.reduce(nudgeReducer, state);

describe('the nudge reducer', () => {
  it('starts closed with the stored tiles, nothing fetched and no dialog', () => {
    expect(start()).toEqual({
      signOn: undefined,
      visitor: undefined,
      session: undefined,
      open: false,
      dismissed: false,
      overlay: true,
      byItself: false,
      consent: false,
      aside: false,
      tiles: STORED,
      loading: false,
      activity: [],
      refreshes: 0,
      merges: 0,
      offersOpen: false,
      applying: undefined,
      failed: false,
      loggedOut: false,
      pulling: false,
    });
  });

  it('takes the sign-on client with its session, then each session it reports', () => {
    const client = { session: SESSION } as SignOn;
    const signedIn = run(start(), { type: 'signOn', client });
    expect(signedIn).toMatchObject({ signOn: client, session: SESSION });
    expect(run(signedIn, { type: 'session', session: undefined })).toMatchObject({
      signOn: client,
      session: undefined,
    });
  });

  it('takes the visitor layer', () => {
    const visitor = {} as VisitorLayer;
    expect(run(start(), { type: 'visitor', visitor }).visitor).toBe(visitor);
  });

  it('opens with or without the overlay, bringing a hidden sheet back; closing keeps the overlay as it was', () => {
    const hidden = run(start(), { type: 'dismissed', dismissed: true });
    const opened = run(hidden, { type: 'show', open: true, overlay: false });
    expect(opened).toMatchObject({ open: true, overlay: false, dismissed: false, byItself: false });
    expect(run(opened, { type: 'show', open: false })).toMatchObject({ open: false, overlay: false });
    expect(run(start(), { type: 'show', open: true, overlay: true }).overlay).toBe(true);
  });

  it('a new visit opens the panel by itself without the overlay, and leaves one the customer opened theirs', () => {
    const hidden = run(start(), { type: 'dismissed', dismissed: true });
    expect(run(hidden, { type: 'visitOpen', consent: false })).toMatchObject({
      open: true,
      overlay: false,
      dismissed: false,
      byItself: true,
    });
    const byCustomer = run(start(), { type: 'show', open: true, overlay: true }, { type: 'visitOpen', consent: false });
    expect(byCustomer).toMatchObject({ open: true, overlay: true, byItself: false });
  });

  it('with the consent panel asking, the new visit’s open waits for it', () => {
    const told = run(start(), { type: 'consent', shown: true }, { type: 'visitOpen', consent: false });
    expect(told).toMatchObject({ open: false, aside: true, consent: true });
    // On the page before its observer said so.
    expect(run(start(), { type: 'visitOpen', consent: true })).toMatchObject({
      open: false,
      aside: true,
      consent: true,
    });
  });

  it('the customer’s open, close or toggle is theirs: the visit’s open no longer comes back', () => {
    const waiting = run(start(), { type: 'consent', shown: true }, { type: 'visitOpen', consent: false });
    expect(run(waiting, { type: 'show', open: false })).toMatchObject({ aside: false, byItself: false });
    expect(run(waiting, { type: 'toggle', overlay: true })).toMatchObject({ open: true, aside: false });
    const byVisit = run(start(), { type: 'visitOpen', consent: false });
    expect(run(byVisit, { type: 'show', open: true, overlay: true }).byItself).toBe(false);
    expect(run(byVisit, { type: 'toggle', overlay: true }, { type: 'toggle', overlay: true }).byItself).toBe(false);
  });

  it('toggles: opens a closed nudge with the overlay given, closes an open one', () => {
    const opened = run(start(), { type: 'toggle', overlay: false });
    expect(opened).toMatchObject({ open: true, overlay: false });
    expect(run(opened, { type: 'toggle', overlay: true })).toMatchObject({ open: false, overlay: false });
  });

  it('hides the phone sheet and brings it back, leaving open as it was', () => {
    const hidden = run(start(), { type: 'dismissed', dismissed: true });
    expect(hidden).toMatchObject({ dismissed: true, open: false });
    const toggled = run(hidden, { type: 'toggle', overlay: true });
    expect(run(toggled, { type: 'dismissed', dismissed: false })).toMatchObject({ dismissed: false, open: true });
  });

  it('starts the other layout at rest after a width change, the visit’s open forgotten', () => {
    const state = run(
      start(),
      { type: 'show', open: true, overlay: true },
      { type: 'dismissed', dismissed: true },
      { type: 'layout' },
    );
    expect(state).toMatchObject({ open: false, dismissed: false });
    const waiting = run(start(), { type: 'visitOpen', consent: true }, { type: 'layout' });
    expect(run(waiting, { type: 'consent', shown: false })).toMatchObject({ open: false, aside: false });
  });

  it('the consent panel arriving puts a panel the visit opened aside, not one the customer opened', () => {
    const byVisit = run(start(), { type: 'visitOpen', consent: false }, { type: 'consent', shown: true });
    expect(byVisit).toMatchObject({ consent: true, open: false, aside: true });
    const byCustomer = run(start(), { type: 'show', open: true, overlay: true }, { type: 'consent', shown: true });
    expect(byCustomer).toMatchObject({ consent: true, open: true, aside: false });
  });

  it('the consent panel closing brings the panel put aside back as the visit opened it, unless the page locked its scroll', () => {
    const aside = run(start(), { type: 'visitOpen', consent: false }, { type: 'consent', shown: true });
    expect(run(aside, { type: 'consent', shown: false, locked: false })).toMatchObject({
      consent: false,
      open: true,
      overlay: false,
      byItself: true,
      aside: false,
    });
    expect(run(aside, { type: 'consent', shown: false, locked: true })).toMatchObject({
      consent: false,
      open: false,
      aside: false,
    });
    // Nothing put aside: nothing comes back.
    const closed = run(start(), { type: 'consent', shown: true }, { type: 'consent', shown: false });
    expect(closed).toMatchObject({ consent: false, open: false });
  });

  it('marks the live fetch under way, then shows its tiles', () => {
    const loading = run(start(), { type: 'loading', loading: true });
    expect(loading.loading).toBe(true);
    expect(run(loading, { type: 'tiles', tiles: LIVE }, { type: 'loading', loading: false })).toMatchObject({
      tiles: LIVE,
      loading: false,
    });
  });

  it('shows the recent activity it was given', () => {
    expect(run(start(), { type: 'activity', activity: [ROW] }).activity).toEqual([ROW]);
  });

  it('counts refreshes, which fetch the tiles and the activity again', () => {
    expect(run(start(), { type: 'refresh' }, { type: 'refresh' }).refreshes).toBe(2);
  });

  it('counts merges, which read the activity again and leave the tiles alone', () => {
    const merged = run(start(), { type: 'merged' });
    expect([merged.merges, merged.refreshes]).toEqual([1, 0]);
  });

  it('opens and closes the offers modal', () => {
    const opened = run(start(), { type: 'offersOpen', open: true });
    expect(opened.offersOpen).toBe(true);
    expect(run(opened, { type: 'offersOpen', open: false }).offersOpen).toBe(false);
  });

  it('applying closes the offers modal for the loader that names the offer', () => {
    const state = run(start(), { type: 'offersOpen', open: true }, { type: 'applying', offer: OFFER });
    expect(state).toMatchObject({ offersOpen: false, applying: OFFER });
  });

  it('a failure puts the error modal in the loader’s place; closing it clears it', () => {
    const failed = run(start(), { type: 'applying', offer: OFFER }, { type: 'failed', failed: true });
    expect(failed).toMatchObject({ applying: undefined, failed: true });
    expect(run(failed, { type: 'failed', failed: false }).failed).toBe(false);
  });

  it('shows and closes the logout sheet', () => {
    const shown = run(start(), { type: 'loggedOut', loggedOut: true });
    expect(shown.loggedOut).toBe(true);
    expect(run(shown, { type: 'loggedOut', loggedOut: false }).loggedOut).toBe(false);
  });

  it('marks the score pull under way and done', () => {
    const pulling = run(start(), { type: 'pulling', pulling: true });
    expect(pulling.pulling).toBe(true);
    expect(run(pulling, { type: 'pulling', pulling: false }).pulling).toBe(false);
  });
});
