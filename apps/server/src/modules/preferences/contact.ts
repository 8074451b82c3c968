import type { PreferenceChannel } from '@pravesh/core';
import type { EmailProvider } from '../../providers/email/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import type { PreferencesStore } from './store.ts';

/**
 * Whether a message may go to a customer (spec 001 §3 preferencesData). A channel
 * the customer turned off is honoured for every marketing message; transactional messages (OTPs,
 * security notices, what a customer asked for) always go, because the customer needs them to use
 * the service. This is the one check: every marketing send goes through sendMarketing below.
 */
export type MessageKind = 'marketing' | 'transactional';

export function createContactPolicy(store: Pick<PreferencesStore, 'get'>) {
  return async function mayContact(
    customerId: string,
    channel: PreferenceChannel,
    kind: MessageKind,
  ): Promise<boolean> {
    if (kind === 'transactional') return true;
    const row = await store.get(customerId);
    // No row: the customer never changed a channel, and every channel starts on.
    return row ? row[channel] : true;
  };
}

export type MayContact = ReturnType<typeof createContactPolicy>;

export type MarketingMessage =
  | { channel: 'sms'; text: string; templateId: string }
  | { channel: 'email'; subject: string; text: string; templateId: string };

export interface MarketingOutcome {
  sent: boolean;
  /** Why nothing went: the customer turned the channel off, or we hold no address for it. */
  skipped?: 'optedOut' | 'noAddress';
}

/**
 * The one way a marketing message leaves the product (offers, reminders, newsletters): it asks
 * mayContact first and sends nothing to a customer who turned the channel off. Today the product's
 * only messages are the sign-on OTPs (modules/sso/otp/service.ts), which are transactional and go
 * through the providers directly. WhatsApp and calls have no provider yet; when they do, they go
 * through here too.
 */
export function createMarketingMessenger(deps: {
  store: Pick<PreferencesStore, 'get' | 'contactOf'>;
  sms: SmsProvider;
  email: EmailProvider | undefined;
  decrypt: (field: 'mobile' | 'email', sealed: string) => string;
}) {
  const mayContact = createContactPolicy(deps.store);
  return {
    mayContact,
    async sendMarketing(customerId: string, message: MarketingMessage): Promise<MarketingOutcome> {
      if (!(await mayContact(customerId, message.channel, 'marketing'))) return { sent: false, skipped: 'optedOut' };
      const contact = await deps.store.contactOf(customerId);
      if (message.channel === 'sms') {
        if (!contact?.mobileEnc) return { sent: false, skipped: 'noAddress' };
        await deps.sms.send({
          to: deps.decrypt('mobile', contact.mobileEnc),
          text: message.text,
          templateId: message.templateId,
        });
        return { sent: true };
      }
      if (!contact?.emailEnc || !deps.email) return { sent: false, skipped: 'noAddress' };
      await deps.email.send({
        to: deps.decrypt('email', contact.emailEnc),
        subject: message.subject,
        text: message.text,
        templateId: message.templateId,
      });
      return { sent: true };
    },
  };
}

export type MarketingMessenger = ReturnType<typeof createMarketingMessenger>;
