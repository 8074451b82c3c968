import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { PageTitle } from '../../layout/shell.tsx';
import { PersonalDetailsForm } from './personal-details-form.tsx';
import { useCustomerDetails, usePageView } from './use-customer-details.ts';
import './profile.css';

/**
 * spec 001 §2 route "personal-details": the details lenders ask on every application,
 * kept here so the customer enters them once. Loading, error and saved states are the page's; the
 * form is personal-details-form.tsx.
 */
export default function PersonalDetailsPage() {
  usePageView('personal-details');
  const { customerId, details } = useCustomerDetails();
  const [saved, setSaved] = useState(false);

  let body;
  if (details.isLoading || (!details.data && !details.isError)) {
    body = (
      <SkeletonGroup label="Loading your details…" className="ma-card ma-stack">
        <Skeleton shape="text" width="35%" />
        <Skeleton height="48px" />
        <Skeleton shape="text" width="25%" />
        <Skeleton height="48px" />
        <Skeleton shape="text" width="30%" />
        <Skeleton height="48px" />
      </SkeletonGroup>
    );
  } else if (!details.data) {
    body = (
      <Alert tone="error" title="We couldn’t load your details">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <div className="ma-card profile-card">
        {saved ? (
          <Alert tone="success" title="Your personal details are saved" live="status">
            <p>
              We’ll use them to fill in your next application. <Link to="/profile">Back to your profile</Link>
            </p>
          </Alert>
        ) : null}
        <PersonalDetailsForm
          // A save re-reads the stored details into a fresh form.
          key={details.data.personalDetails?.updatedAt ?? 'new'}
          customerId={customerId}
          saved={details.data.personalDetails}
          onSaved={() => {
            setSaved(true);
            window.scrollTo?.({ top: 0, behavior: 'smooth' });
          }}
        />
      </div>
    );
  }
  return (
    <>
      <PageTitle lede="Lenders ask for these on every application. Save them once and we’ll fill them in for you.">
        Personal details
      </PageTitle>
      {body}
    </>
  );
}
