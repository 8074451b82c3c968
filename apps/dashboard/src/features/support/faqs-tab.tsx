import { useEffect, useId, useState } from 'react';
import { Button, QueryState, Skeleton, TextField } from '@pravesh/ui';
import { FAQ_SEARCH } from '@pravesh/core/support/rules.ts';
import type { FaqCategory } from '@pravesh/core/support/schemas.ts';
import { Icon } from '../../layout/icons.tsx';
import { useSupportQuery } from './api.ts';

/** Searches wait for a pause in typing, so each keystroke does not ask the server. */
const SEARCH_DELAY_MS = 300;
/** Search results shown at most; the server counts the rest. */
const SEARCH_LIMIT = 20;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function FaqList({ categories }: { categories: readonly FaqCategory[] }) {
  return (
    <div className="sup-faq-groups">
      {categories.map((category) => (
        <section key={category.categoryId} aria-labelledby={`faq-${category.categoryId}`} className="sup-faq-group">
          <h2 id={`faq-${category.categoryId}`} className="sup-faq-heading">
            {category.title}
          </h2>
          <div className="ma-faqs">
            {category.faqs.map((faq) => (
              <details key={faq.faqId} className="ma-faq">
                <summary>{faq.question}</summary>
                {faq.answer.split(/\n{2,}/).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * The FAQs tab (spec 001 §2 support "FAQs"; §7 getSupport): every FAQ by category, or the server's
 * search results for the customer's words, with loading, empty and error states.
 */
export function FaqsTab({ onAskUs }: { onAskUs: () => void }) {
  const [text, setText] = useState('');
  const searched = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const faqs = useSupportQuery(searched === '' ? {} : { query: searched, limit: SEARCH_LIMIT });
  const summaryId = useId();

  const data = faqs.data;
  const summary =
    data && data.query !== null && data.total > 0
      ? data.total > data.shown
        ? `Showing the ${data.shown} best of ${data.total} answers for “${data.query}”`
        : `${data.total} ${data.total === 1 ? 'answer' : 'answers'} for “${data.query}”`
      : '';

  return (
    <div className="sup-faqs" aria-busy={faqs.isFetching}>
      <form role="search" className="sup-search" onSubmit={(event) => event.preventDefault()} aria-label="FAQs">
        <TextField
          label="Search the FAQs"
          type="search"
          value={text}
          maxLength={FAQ_SEARCH.maxQueryLength}
          placeholder="For example: refund, dispute"
          autoComplete="off"
          aria-controls={summaryId}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <p id={summaryId} className="ma-muted sup-search-summary" aria-live="polite">
        {summary}
      </p>
      <QueryState
        query={faqs}
        loadingLabel="Loading answers…"
        loadingClassName="ma-stack"
        skeleton={
          <>
            <Skeleton shape="text" width="35%" />
            <Skeleton shape="rect" height={48} />
            <Skeleton shape="rect" height={48} />
            <Skeleton shape="rect" height={48} />
          </>
        }
        errorTitle="We couldn’t load the answers"
        isEmpty={(answers) => answers.total === 0}
        empty={
          <div className="ma-empty ma-empty--compact">
            <span className="ma-empty-icon" aria-hidden="true">
              <Icon name="help" size={28} />
            </span>
            <div>
              <h2>No answers match “{faqs.data?.query ?? searched}”</h2>
              <p>Try other words, such as “score”, “dispute” or “invoice”, or send us your question.</p>
              <div className="ma-empty-action">
                <Button variant="secondary" size="sm" onClick={onAskUs}>
                  Ask us instead
                </Button>
              </div>
            </div>
          </div>
        }
      >
        {(answers) => <FaqList categories={answers.categories} />}
      </QueryState>
    </div>
  );
}
