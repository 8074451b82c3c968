// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SELF_SERVICE_ROUTES } from '@pravesh/core/self-service/routes.ts';
import type { PreferenceBody, PreferencesResponse } from '@pravesh/core/self-service/schemas.ts';
import { refusal, renderDashboard, signedInState } from '../../test/harness.tsx';

afterEach(cleanup);

const ALL_ON: PreferencesResponse = {
  preferencesData: { sms: true, call: true, whatsApp: true, email: true },
  preferencesActionCount: { sms: 0, call: 0, whatsApp: 0, email: 0 },
  updatedAt: null,
};

/** A stand-in for commbox/preference: applies the body and counts changes, as the server does. */
function server(start = ALL_ON) {
  let state = structuredClone(start);
  return {
    [SELF_SERVICE_ROUTES.getPreference]: () => state,
    [SELF_SERVICE_ROUTES.preference]: (body: unknown) => {
      const change = body as PreferenceBody;
      const next = structuredClone(state);
      for (const channel of ['sms', 'call', 'whatsApp', 'email'] as const) {
        const value = change[channel];
        if (value === undefined || value === next.preferencesData[channel]) continue;
        next.preferencesData[channel] = value;
        next.preferencesActionCount[channel] += 1;
      }
      state = next;
      return state;
    },
  };
}

describe('Communication preferences (spec 001 §2 preferences)', () => {
  it('shows a switch per channel, saves a change at once and keeps the user slice counters', async () => {
    const page = renderDashboard('/preferences', { preloaded: signedInState(), routes: server() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Communication preferences' })).toBeTruthy();
    const sms = await screen.findByRole('switch', { name: 'SMS' });
    expect((sms as HTMLInputElement).checked).toBe(true);
    // §5 masking: the number shows its first 2 and last 2 digits only.
    expect(screen.getByText('Text messages to 98******34')).toBeTruthy();
    expect(document.body.textContent).not.toContain('9876501234');
    for (const name of ['WhatsApp', 'Email', 'Calls']) expect(screen.getByRole('switch', { name })).toBeTruthy();

    fireEvent.click(sms);
    expect(await screen.findByText(/SMS turned off\. Your choice is saved\./)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'SMS' }).checked).toBe(false);
    expect(page.calls.find((call) => call.path === SELF_SERVICE_ROUTES.preference)?.body).toEqual({ sms: false });
    expect(page.store.getState().user.preferencesData).toMatchObject({ sms: false, email: true });
    expect(page.store.getState().user.preferencesActionCount).toEqual({ sms: 1, call: 0, whatsApp: 0, email: 0 });
  });

  it('says when preferences cannot be loaded, and lets the customer try again', async () => {
    renderDashboard('/preferences', {
      preloaded: signedInState(),
      routes: { [SELF_SERVICE_ROUTES.getPreference]: refusal('somethingWentWrong', 503) },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('We couldn’t load your preferences')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells the customer a change was not saved and leaves the switch as it was', async () => {
    renderDashboard('/preferences', {
      preloaded: signedInState(),
      routes: {
        [SELF_SERVICE_ROUTES.getPreference]: ALL_ON,
        [SELF_SERVICE_ROUTES.preference]: refusal('somethingWentWrong', 503),
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Email' }));
    expect(await screen.findByText('Your change wasn’t saved')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Email' }).checked).toBe(true);
  });
});
