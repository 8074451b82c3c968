import { useEffect } from 'react';
import { useServices } from '../../app/services.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { ConsentList } from './consent-list.tsx';

/** spec 001 §2 route "consent-revocation". */
export default function ConsentRevocationPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({
      action: 'viewed',
      category: 'myAccount',
      label: 'consent-revocation',
      page: 'consent-revocation',
    });
  }, [services]);
  return (
    <>
      <PageTitle lede="Consents you’ve given to use your data, and how to withdraw them.">Consents</PageTitle>
      <section className="ma-card">
        <ConsentList />
      </section>
    </>
  );
}
