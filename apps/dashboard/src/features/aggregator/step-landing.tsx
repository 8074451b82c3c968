import { Link } from 'react-router';
import { Button } from '@pravesh/ui';
import { useAppDispatch } from '../../app/hooks.ts';
import { stepChanged } from './finvu-slice.ts';
import { AddAnotherBankButton } from './add-another-bank.tsx';
import { StepHeading } from './journey-parts.tsx';

const BENEFITS = [
  { title: 'Every balance on one screen', text: 'Savings and current accounts from 20+ banks, added up for you.' },
  { title: 'Know where your money goes', text: 'Monthly money in and out, and what you spend on most.' },
  { title: 'Statements when you need them', text: 'Download the last 1, 2 or 3 months as a PDF, any time.' },
];

/**
 * spec 001 §2 step 1, the landing. `linked` (the aggregator's state says a consent was given)
 * offers the linked accounts and another bank instead of starting over.
 */
export function LandingStep({ linked }: { linked: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <>
      <StepHeading focus={false}>See all your bank accounts in one place</StepHeading>
      <ul className="ma-aa-benefits" role="list">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <strong>{benefit.title}</strong>
            <span>{benefit.text}</span>
          </li>
        ))}
      </ul>
      <p className="ma-aa-trust">
        Your data is shared through <strong>FINVU</strong>, an RBI-licensed account aggregator. Kosh never sees your net
        banking password, you choose which accounts to share, and you can stop sharing at any time.
      </p>
      {linked ? (
        <div className="ma-aa-actions">
          <Link className="pv-button pv-button--primary" to="/linked-accounts">
            <span>View linked accounts</span>
          </Link>
          <AddAnotherBankButton variant="secondary" />
        </div>
      ) : (
        <div className="ma-aa-actions">
          <Button onClick={() => dispatch(stepChanged('verifyMobile'))}>Get started</Button>
          <Link className="pv-button pv-button--ghost" to="/dashboard">
            <span>Maybe later</span>
          </Link>
        </div>
      )}
    </>
  );
}
