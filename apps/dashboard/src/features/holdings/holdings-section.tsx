import { useServices } from '../../app/services.ts';
import { MutualFundsCard } from './mutual-funds-card.tsx';
import { OndcLoansCard } from './ondc-loans-card.tsx';
import { WalletProtectionCard } from './wallet-protection-card.tsx';
import './holdings.css';

/**
 * "Your investments, cover and loans": the banners of spec 001 §1 ("wording for a
 * mutual fund status, wallet protection") and §3 (userMutualFundStatus, walletProtectionData,
 * ONDCDisbursedLeads), each from its own call with its own loading, error and empty state, so one
 * slow or failing service leaves the other two readable.
 */
export function HoldingsSection() {
  // spec 001 §9 "ONDC eligible" varies by environment: where it is off, no ONDC banner (and no call).
  const ondc = useServices().config.features.ondcEligible;
  return (
    <section id="holdings" className="ma-card ma-section hold-section" aria-labelledby="holdings-title">
      <div className="ma-section-head">
        <h2 id="holdings-title">{ondc ? 'Your investments, cover and loans' : 'Your investments and cover'}</h2>
      </div>
      <div className="hold-grid">
        <MutualFundsCard />
        <WalletProtectionCard />
        {ondc ? <OndcLoansCard /> : null}
      </div>
    </section>
  );
}
