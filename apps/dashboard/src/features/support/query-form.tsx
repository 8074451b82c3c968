import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, SelectField, TextAreaField, TextField } from '@pravesh/ui';
import {
  SUPPORT_QUERY_LENGTHS,
  SUPPORT_TOPICS,
  supportQueryProblems,
  type SupportQueryDraft,
  type SupportQueryField,
  type SupportQueryProblem,
} from '@pravesh/core/support/rules.ts';
import type { SupportMailResponse } from '@pravesh/core/support/schemas.ts';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { useProductListQuery } from '../products/index.ts';
import { useSendQueryMutation } from './api.ts';
import { failureText, problemText } from './messages.ts';

const FIELDS: readonly SupportQueryField[] = ['product', 'subject', 'message', 'email'];
const EMPTY: SupportQueryDraft = { product: '', subject: '', message: '', email: '' };

function QuerySent({ sent, onAnother }: { sent: SupportMailResponse; onAnother: () => void }) {
  const { ticket, acknowledged, acknowledgedTo } = sent;
  return (
    <div className="sup-sent">
      <Alert tone="success" title="Your query has been sent" live="none">
        <p>
          Your reference number is <strong className="sup-reference">{ticket.reference}</strong>. Please quote it if you
          contact us about this query.
        </p>
        <p>
          {!acknowledged
            ? `We’ll reply to ${ticket.replyTo} within one working day.`
            : acknowledgedTo && acknowledgedTo !== ticket.replyTo
              ? `We’ve emailed a copy to your account’s email, ${acknowledgedTo}, and will reply to ${ticket.replyTo} within one working day.`
              : `We’ve emailed a copy to ${ticket.replyTo} and will reply within one working day.`}
        </p>
      </Alert>
      <Button variant="secondary" onClick={onAnother}>
        Send another query
      </Button>
    </div>
  );
}

/**
 * Submit A Query (spec 001 §2 support tab; §7 productList and supportMail): what it is about (the
 * account's topics and the marketplace's products from myAccount/productList), a subject, the
 * message and where to reply. Checked with the server's own rules before sending; a retry after a
 * failed send reuses the request id, so the query is stored once.
 */
export function QueryForm() {
  const services = useServices();
  const customerId = useAppSelector((state) => state.user.userData?.customerId);
  const details = useCustomerDetailsQuery(customerId ?? '', { skip: !customerId });
  const products = useProductListQuery();
  const [send, sending] = useSendQueryMutation();
  const [draft, setDraft] = useState<SupportQueryDraft>(EMPTY);
  const [emailTouched, setEmailTouched] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<SupportQueryField, SupportQueryProblem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<SupportMailResponse | null>(null);
  const requestId = useRef<string | null>(null);
  const controls = useRef(new Map<SupportQueryField, HTMLElement>());

  // The registered email fills the reply address until the customer types their own.
  const email = emailTouched ? draft.email : (details.data?.email ?? draft.email);
  const productKeys = new Set(products.data?.products.map((product) => product.redirectKey) ?? []);
  const current: SupportQueryDraft = { ...draft, email };

  const change = (field: SupportQueryField, value: string) => {
    if (field === 'email') setEmailTouched(true);
    setDraft((before) => ({ ...before, [field]: value }));
    // The query changed: it is a new one, not a retry of what was sent before.
    requestId.current = null;
    if (problems[field]) setProblems(({ [field]: _fixed, ...rest }) => rest);
  };
  const ref = (field: SupportQueryField) => (element: HTMLElement | null) => {
    if (element) controls.current.set(field, element);
    else controls.current.delete(field);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = supportQueryProblems(current, (key) => productKeys.has(key));
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      controls.current.get(first)?.focus();
      return;
    }
    requestId.current ??= crypto.randomUUID();
    const result = await send({ requestId: requestId.current, ...current });
    if ('error' in result) {
      setFailure(failureText(result.error));
      return;
    }
    services.analytics.track({ action: 'submitted', category: 'myAccount', label: 'support query', page: 'support' });
    setSent(result.data);
  }

  if (sent) {
    return (
      <QuerySent
        sent={sent}
        onAnother={() => {
          setSent(null);
          setDraft({ ...EMPTY, email: current.email });
          requestId.current = null;
        }}
      />
    );
  }

  const messageLength = [...draft.message.trim()].length;
  return (
    <form className="sup-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="sup-form-title">
      <h2 id="sup-form-title" className="ma-card-title">
        Write to us
      </h2>
      <p className="ma-muted">We reply by email within one working day, with a reference number for your query.</p>
      <SelectField
        ref={ref('product')}
        inputClassName="sup-select"
        label="What is your query about?"
        value={draft.product}
        error={problems.product ? problemText(problems.product) : undefined}
        onChange={(event) => change('product', event.target.value)}
      >
        <option value="">Choose a topic or product</option>
        <optgroup label="Your Kosh account">
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic.key} value={topic.key}>
              {topic.name}
            </option>
          ))}
        </optgroup>
        {products.data && products.data.products.length > 0 ? (
          <optgroup label="Products">
            {products.data.products.map((product) => (
              <option key={product.redirectKey} value={product.redirectKey}>
                {product.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
      <TextField
        ref={ref('subject')}
        label="Subject"
        value={draft.subject}
        maxLength={SUPPORT_QUERY_LENGTHS.subject.max}
        error={problems.subject ? problemText(problems.subject) : undefined}
        onChange={(event) => change('subject', event.target.value)}
      />
      <TextAreaField
        ref={ref('message')}
        inputClassName="sup-textarea"
        label="Your message"
        hint={`Tell us what happened and what you need. ${messageLength.toLocaleString('en-IN')} of ${SUPPORT_QUERY_LENGTHS.message.max.toLocaleString('en-IN')} characters.`}
        rows={6}
        value={draft.message}
        maxLength={SUPPORT_QUERY_LENGTHS.message.max}
        error={problems.message ? problemText(problems.message) : undefined}
        onChange={(event) => change('message', event.target.value)}
      />
      <TextField
        ref={ref('email')}
        label="Email for our reply"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={problems.email ? problemText(problems.email) : undefined}
        onChange={(event) => change('email', event.target.value)}
      />
      <p className="ma-muted sup-safety">
        Please don’t include your OTP, card number, PIN or passwords. Kosh will never ask for them.
      </p>
      <div aria-live="polite">
        {failure ? (
          <Alert tone="error" title="Your query wasn’t sent" live="none">
            {failure}
          </Alert>
        ) : null}
      </div>
      <div>
        <Button type="submit" loading={sending.isLoading} loadingLabel="Sending…">
          Send query
        </Button>
      </div>
    </form>
  );
}
