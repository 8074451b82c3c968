import { useId, useState } from 'react';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { PreferenceChannel } from '@pravesh/core/self-service/routes.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { maskMobile } from '../../lib/format.ts';
import { useChangePreferencesMutation, usePreferencesQuery } from './api.ts';
import './preferences.css';

const CHANNELS: readonly { channel: PreferenceChannel; label: string; detail: (mobile: string | null) => string }[] = [
  {
    channel: 'sms',
    label: 'SMS',
    detail: (mobile) => (mobile ? `Text messages to ${maskMobile(mobile)}` : 'Text messages to your mobile number'),
  },
  {
    channel: 'whatsApp',
    label: 'WhatsApp',
    detail: (mobile) => (mobile ? `Messages on WhatsApp to ${maskMobile(mobile)}` : 'Messages on WhatsApp'),
  },
  { channel: 'email', label: 'Email', detail: () => 'Emails to your registered email address' },
  { channel: 'call', label: 'Calls', detail: () => 'Calls from our advisors' },
];

/**
 * The communication preferences form (spec 001 §2 preferences, and the support page's
 * Communication Preferences tab). Each switch saves at once: a channel turned off
 * gets no offers or reminders; messages the customer needs (OTPs, account alerts) still arrive.
 * `headingLevel` lets the support tab nest it under its own heading.
 */
export function PreferencesForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const preferences = usePreferencesQuery();
  const [change, changing] = useChangePreferencesMutation();
  const [pending, setPending] = useState<PreferenceChannel | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const mobile = useAppSelector((state) => state.user.userData?.mobileNo ?? null);
  const legendId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (preferences.isLoading) {
    return (
      <SkeletonGroup label="Loading your communication preferences…" className="ma-stack">
        {CHANNELS.map(({ channel }) => (
          <Skeleton key={channel} shape="text" width="60%" />
        ))}
      </SkeletonGroup>
    );
  }
  if (preferences.isError || !preferences.data) {
    return (
      <Alert tone="error" title="We couldn’t load your preferences">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void preferences.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = preferences.data.preferencesData;

  async function toggle(channel: PreferenceChannel, label: string, on: boolean) {
    setPending(channel);
    setSaved(null);
    const result = await change({ [channel]: on });
    setPending(null);
    if (!('error' in result)) setSaved(`${label} turned ${on ? 'on' : 'off'}.`);
  }

  return (
    <form className="pref-form" onSubmit={(event) => event.preventDefault()} aria-labelledby={legendId}>
      <Heading id={legendId} className="ma-card-title">
        Offers and updates from Kosh
      </Heading>
      <p className="ma-muted">
        Choose where we may send you offers, reminders and news. One-time passwords and messages about your account and
        applications always reach you, whatever you choose here.
      </p>
      <ul className="pref-list" role="list">
        {CHANNELS.map(({ channel, label, detail }) => {
          const id = `${legendId}-${channel}`;
          const on = data[channel];
          return (
            <li key={channel} className="pref-row">
              <div className="pref-text">
                <label htmlFor={id} className="pref-label">
                  {label}
                </label>
                <span className="ma-muted" id={`${id}-detail`}>
                  {detail(mobile)}
                </span>
              </div>
              <span className="pref-state" aria-hidden="true">
                {on ? 'On' : 'Off'}
              </span>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className="pref-switch"
                checked={on}
                aria-describedby={`${id}-detail`}
                aria-busy={pending === channel}
                disabled={pending !== null}
                onChange={(event) => void toggle(channel, label, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" className="pref-status">
        {saved ? <p className="ma-muted">{saved} Your choice is saved.</p> : null}
      </div>
      {changing.isError ? (
        <Alert tone="error" title="Your change wasn’t saved">
          Something went wrong! Please try again later.
        </Alert>
      ) : null}
    </form>
  );
}
