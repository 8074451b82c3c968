import { useEffect, type ReactNode } from 'react';
import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { formatDate, maskMobile } from '../../lib/format.ts';
import { Icon } from '../layout/icons.tsx';
import type { IconName } from '../layout/menu.ts';
import { PageTitle } from '../layout/shell.tsx';

/** A viewed event per screen (spec 001 §7: viewed → virtualPageview). */
function usePageView(page: string) {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: page, page });
  }, [services, page]);
}

function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="ma-card ma-empty ma-empty--page">
      <span className="ma-empty-icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <div>
        <h2>{title}</h2>
        <p>{children}</p>
        {action ? <div className="ma-empty-action">{action}</div> : null}
      </div>
    </section>
  );
}

function Details() {
  const userData = useAppSelector((state) => state.user.userData);
  const details = useCustomerDetailsQuery(userData?.customerId ?? '', { skip: !userData });
  if (details.isLoading || (!details.data && !details.isError)) {
    return (
      <SkeletonGroup label="Loading your details…" className="ma-card ma-stack">
        <Skeleton shape="text" width="40%" />
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="text" width="30%" />
      </SkeletonGroup>
    );
  }
  if (!details.data) {
    return (
      <EmptyState icon="user" title="We couldn’t load your details">
        Something went wrong! Please try again later
      </EmptyState>
    );
  }
  return (
    <section className="ma-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="ma-card-title">
        Contact details
      </h2>
      <dl className="ma-facts">
        <div>
          <dt>Mobile number</dt>
          <dd>{maskMobile(details.data.mobileNo)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{details.data.email ?? 'Not added yet'}</dd>
        </div>
        <div>
          <dt>With Kosh since</dt>
          <dd>{formatDate(details.data.customerSince)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function ProfilePage() {
  usePageView('profile');
  return (
    <>
      <PageTitle lede="The details we use to keep your account secure.">Profile</PageTitle>
      <Details />
    </>
  );
}

export function PersonalDetailsPage() {
  usePageView('personal-details');
  return (
    <>
      <PageTitle lede="Your income and work help us match offers you’re likely to get.">Personal details</PageTitle>
      <EmptyState icon="id" title="No personal details added yet">
        When you apply for a loan or card through Kosh, the details you share — employment type, monthly income and city
        — are kept here so you don’t have to enter them again.
      </EmptyState>
    </>
  );
}
