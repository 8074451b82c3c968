import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Tabs } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
import { ConsentList } from '../consent-revocation/index.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { PreferencesForm } from '../preferences/index.ts';
import { useSupportQuery } from './api.ts';
import { ChatEntry } from './chat/chat-panel.tsx';
import { ContactUs } from './contact-us.tsx';
import { FaqsTab } from './faqs-tab.tsx';
import { QueryForm } from './query-form.tsx';
import { RecentQueries } from './recent-queries.tsx';
import './support.css';

/** spec 001 §2: "support with tabs: FAQs, Submit A Query, Contact Us, Communication Preferences, Consent Revocation". */
const TABS = [
  { id: 'faqs', label: 'FAQs' },
  { id: 'query', label: 'Submit A Query' },
  { id: 'contact', label: 'Contact Us' },
  { id: 'preferences', label: 'Communication Preferences' },
  { id: 'consent', label: 'Consent Revocation' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tabOf = (hash: string): TabId => TABS.find((tab) => `#${tab.id}` === hash)?.id ?? 'faqs';

/**
 * spec 001 §2 route "support". The selected tab is the URL's hash (spec 001 §3 support
 * slice supportTab), so a reload or a link opens it. A tab's content is rendered when first opened
 * and kept after, so a half-written query survives a look at the FAQs. "Chat with us" shows only
 * while the server's chat switch (spec 001 §9) is on.
 */
export default function SupportPage() {
  const services = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const selected = tabOf(location.hash);
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set([selected]));
  const support = useSupportQuery({});

  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: 'support', page: 'support' });
  }, [services]);
  useEffect(() => {
    setOpened((before) => (before.has(selected) ? before : new Set([...before, selected])));
  }, [selected]);

  const select = (id: string) => {
    services.analytics.track({ action: 'clicked', category: 'myAccount', label: `support tab ${id}`, page: 'support' });
    void navigate({ hash: id }, { replace: true });
  };

  const panels: Record<TabId, () => ReactNode> = {
    faqs: () => <FaqsTab onAskUs={() => select('query')} />,
    query: () => (
      <div className="sup-query">
        <QueryForm />
        <RecentQueries />
      </div>
    ),
    contact: () => <ContactUs />,
    preferences: () => <PreferencesForm />,
    consent: () => <ConsentList />,
  };

  return (
    <>
      <PageTitle lede="Answers to common questions, and ways to reach us.">Help and support</PageTitle>
      {support.data?.chatEnabled ? <ChatEntry /> : null}
      <section className="ma-card sup-card">
        <Tabs
          label="Help topics"
          selectedId={selected}
          onSelect={select}
          items={TABS.map((tab) => ({
            id: tab.id,
            label: tab.label,
            panel: opened.has(tab.id) || tab.id === selected ? panels[tab.id]() : null,
          }))}
        />
      </section>
    </>
  );
}
