import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { maskEmail, maskIdentifier } from '@pravesh/core/masking.ts';
import { GENDERS } from '@pravesh/core/profile/reference.ts';
import type { PersonalDetailsView } from '@pravesh/core/profile/schemas.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { ContactChangeDialog, type ContactKind } from './contact-change-dialog.tsx';
import { useCustomerDetails, usePageView } from './use-customer-details.ts';
import './profile.css';

function Fact({ term, children, action }: { term: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="profile-fact">
      <dt>{term}</dt>
      <dd>
        <span>{children}</span>
        {action}
      </dd>
    </div>
  );
}

/** What the customer does for a living, in one line. */
function work(details: PersonalDetailsView): string {
  const what = details.employerName ?? details.professionLabel ?? details.businessLabel;
  return what ? `${details.employmentTypeLabel} · ${what}` : details.employmentTypeLabel;
}

function PersonalSummary({ details }: { details: PersonalDetailsView | null }) {
  if (!details) {
    return (
      <section className="ma-card ma-empty" aria-labelledby="personal-title">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="id" size={32} />
        </span>
        <div>
          <h2 id="personal-title">No personal details added yet</h2>
          <p>Add your work, income and city once, and we’ll fill them in on your next loan or card application.</p>
          <div className="ma-empty-action">
            <Link className="pv-button pv-button--primary" to="/personal-details">
              <span>Add personal details</span>
            </Link>
          </div>
        </div>
      </section>
    );
  }
  const gender = GENDERS.find((entry) => entry.id === details.gender)?.label ?? details.gender;
  return (
    <section className="ma-card" aria-labelledby="personal-title">
      <div className="profile-card-head">
        <h2 id="personal-title" className="ma-card-title">
          Personal details
        </h2>
        <Link className="pv-button pv-button--secondary pv-button--sm" to="/personal-details">
          <span>Edit</span>
        </Link>
      </div>
      <dl className="profile-facts">
        <Fact term="Full name">{details.fullName}</Fact>
        <Fact term="Date of birth">{formatDate(`${details.dateOfBirth}T00:00:00+05:30`)}</Fact>
        <Fact term="Gender">{gender}</Fact>
        <Fact term="PAN">{details.panMasked ?? 'Not added'}</Fact>
        <Fact term="Work">{work(details)}</Fact>
        {details.monthlyIncome !== null ? (
          <Fact term="Monthly take-home income">{formatRupees(details.monthlyIncome)}</Fact>
        ) : (
          <Fact term="Annual turnover">{details.annualTurnoverLabel ?? '—'}</Fact>
        )}
        <Fact term="City">{`${details.cityName}, ${details.state}`}</Fact>
        <Fact term="Main bank">{details.bankName ?? 'Not added'}</Fact>
      </dl>
    </section>
  );
}

/**
 * spec 001 §2 route "profile": the customer's contact details, masked as spec 001 §5
 * asks, with changes confirmed by OTP to the new email or number; and a summary of the personal
 * details, edited on their own page.
 */
export default function ProfilePage() {
  usePageView('profile');
  const { customerId, details } = useCustomerDetails();
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const [verified, setVerified] = useState<{ message: string; toldAt: string; signedOut: number } | null>(null);

  if (details.isLoading || (!details.data && !details.isError)) {
    return (
      <>
        <PageTitle lede="The details we use to keep your account secure.">Profile</PageTitle>
        <SkeletonGroup label="Loading your details…" className="ma-card ma-stack">
          <Skeleton shape="text" width="40%" />
          <Skeleton shape="text" width="60%" />
          <Skeleton shape="text" width="30%" />
        </SkeletonGroup>
      </>
    );
  }
  if (!details.data) {
    return (
      <>
        <PageTitle lede="The details we use to keep your account secure.">Profile</PageTitle>
        <Alert tone="error" title="We couldn’t load your details">
          <p>Please check your connection and try again.</p>
          <Button variant="secondary" size="sm" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  const { mobileNo, email, customerSince, personalDetails } = details.data;
  return (
    <>
      <PageTitle lede="The details we use to keep your account secure.">Profile</PageTitle>
      <div className="ma-stack profile-stack">
        {verified ? (
          <Alert tone="success" title={verified.message} live="status">
            <p>We’ve sent a note about this change to {verified.toldAt}.</p>
            {verified.signedOut > 0 ? (
              <p>
                To keep your account safe, we signed you out on {verified.signedOut} other{' '}
                {verified.signedOut === 1 ? 'device' : 'devices'}.{' '}
                <Link to="/active-devices">See your active devices</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <section className="ma-card" aria-labelledby="contact-title">
          <h2 id="contact-title" className="ma-card-title">
            Contact details
          </h2>
          <dl className="profile-facts">
            <Fact
              term="Mobile number"
              action={
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => setChanging('mobileNo')}
                  aria-label="Change mobile number"
                >
                  Change
                </Button>
              }
            >
              +91 {maskIdentifier(mobileNo)}
            </Fact>
            <Fact
              term="Email"
              action={
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => setChanging('email')}
                  aria-label={email ? 'Change email' : 'Add email'}
                >
                  {email ? 'Change' : 'Add'}
                </Button>
              }
            >
              {email ? maskEmail(email) : 'Not added yet'}
            </Fact>
            <Fact term="With Kosh since">{formatDate(customerSince)}</Fact>
          </dl>
        </section>
        <PersonalSummary details={personalDetails} />
      </div>
      {changing ? (
        <ContactChangeDialog
          kind={changing}
          customerId={customerId}
          currentFactor={mobileNo ? `+91 ${maskIdentifier(mobileNo)}` : maskEmail(email ?? '')}
          adding={changing === 'email' && !email}
          onClose={() => setChanging(null)}
          onVerified={(message, signedOut) => {
            // Who the server told (the contacts the account had before the change).
            const toldAt =
              changing === 'mobileNo'
                ? email
                  ? 'your previous number and your email address'
                  : 'your previous number'
                : email
                  ? 'your mobile number and your previous email address'
                  : 'your mobile number';
            setVerified({ message, toldAt, signedOut });
            setChanging(null);
          }}
        />
      ) : null}
    </>
  );
}
