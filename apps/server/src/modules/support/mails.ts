import { SUPPORT_CONTACT } from '@pravesh/core';
import { maskEmail, type EmailMessage } from '../../providers/email/index.ts';

/**
 * The two mails of a query (spec 001 §7 supportMail): the acknowledgement with the reference number
 * to the customer, and the query itself to the support desk. Both are transactional (the customer
 * asked for them), so communication preferences do not hold them back (modules/preferences/contact.ts).
 */
export interface QueryMailFacts {
  reference: string;
  productName: string;
  subject: string;
  message: string;
  replyTo: string;
  customerId: string;
  receivedAt: Date;
}

export const ACKNOWLEDGEMENT_TEMPLATE = 'support-acknowledgement';
export const DESK_TEMPLATE = 'support-desk';

const IST = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long', timeStyle: 'short' });

/** The acknowledgement, to the account's verified email (`to`); replies go to facts.replyTo. */
export function acknowledgement(facts: QueryMailFacts, to: string): EmailMessage {
  const { phone } = SUPPORT_CONTACT;
  const replyAddress = facts.replyTo === to ? 'this address' : maskEmail(facts.replyTo);
  return {
    to,
    subject: `We’ve received your query ${facts.reference}`,
    templateId: ACKNOWLEDGEMENT_TEMPLATE,
    text: [
      'Hello,',
      '',
      `Thank you for writing to Kosh. We’ve received your query and will reply to ${replyAddress} within one working day.`,
      '',
      `Reference number: ${facts.reference}`,
      `About: ${facts.productName}`,
      `Subject: ${facts.subject}`,
      `Received: ${IST.format(facts.receivedAt)} IST`,
      '',
      `Please quote the reference number when you write to us or call us on ${phone.display} (${phone.hours}).`,
      '',
      'Kosh will never ask for your OTP, PIN or passwords.',
      '',
      'Kosh Customer Care',
    ].join('\n'),
  };
}

export function deskMail(facts: QueryMailFacts, deskAddress: string): EmailMessage {
  return {
    to: deskAddress,
    subject: `[${facts.reference}] ${facts.productName}: ${facts.subject}`,
    templateId: DESK_TEMPLATE,
    text: [
      `Reference: ${facts.reference}`,
      `Customer id: ${facts.customerId}`,
      `Reply to: ${facts.replyTo}`,
      `About: ${facts.productName}`,
      `Received: ${IST.format(facts.receivedAt)} IST`,
      `Subject: ${facts.subject}`,
      '',
      facts.message,
    ].join('\n'),
  };
}

export const TRANSCRIPT_TEMPLATE = 'support-chat-transcript';

export interface TranscriptLine {
  /** Who wrote it; null for the chat's own notes ("Priya has joined the chat."). */
  who: string | null;
  text: string;
  sentAt: Date;
}

/** A chat's transcript, on the customer's request, to the account's verified email only. */
export function transcriptMail(lines: TranscriptLine[], startedAt: Date, to: string): EmailMessage {
  const { phone } = SUPPORT_CONTACT;
  const time = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', timeStyle: 'short' });
  return {
    to,
    subject: `Your chat with Kosh on ${IST.format(startedAt)} IST`,
    templateId: TRANSCRIPT_TEMPLATE,
    text: [
      'Hello,',
      '',
      'Here is the transcript of your chat with Kosh Customer Care, as you asked.',
      '',
      ...lines.map((line) => `[${time.format(line.sentAt)}] ${line.who ? `${line.who}: ` : ''}${line.text}`),
      '',
      `If you need anything more, chat with us from My Account or call us on ${phone.display} (${phone.hours}).`,
      '',
      'Kosh will never ask for your OTP, PIN or passwords.',
      '',
      'Kosh Customer Care',
    ].join('\n'),
  };
}
