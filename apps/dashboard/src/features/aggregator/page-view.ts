import { useEffect } from 'react';
import { useServices } from '../../app/services.ts';

/** A viewed event per screen (spec 001 §7: viewed → virtualPageview). */
export function usePageView(page: string): void {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: page, page });
  }, [services, page]);
}
