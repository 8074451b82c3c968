import { useEffect } from 'react';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';

/** The signed-in customer's details (MSP myAccount/getCustomerDetails), and their id. */
export function useCustomerDetails() {
  const customerId = useAppSelector((state) => state.user.userData?.customerId ?? '');
  const details = useCustomerDetailsQuery(customerId, { skip: customerId === '' });
  return { customerId, details };
}

/** A viewed event per screen (spec 001 §7: viewed → virtualPageview). */
export function usePageView(page: string) {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: page, page });
  }, [services, page]);
}
