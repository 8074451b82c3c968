import { useEffect } from 'react';
import { useServices } from '../../app/services.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { PreferencesForm } from './preferences-form.tsx';

/** spec 001 §2 route "preferences": communication preferences on a page of their own. */
export default function PreferencesPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: 'preferences', page: 'preferences' });
  }, [services]);
  return (
    <>
      <PageTitle lede="Choose how we reach you about offers and updates.">Communication preferences</PageTitle>
      <section className="ma-card">
        <PreferencesForm />
      </section>
    </>
  );
}
