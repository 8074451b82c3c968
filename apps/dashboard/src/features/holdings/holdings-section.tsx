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
  return (
    <section id="holdings" className="ma-card ma-section hold-section" aria-labelledby="holdings-title">
      <div className="ma-section-head">
        <h2 id="holdings-title">Your investments, cover and loans</h2>
      </div>
      <div className="hold-grid">
        <MutualFundsCard />
        <WalletProtectionCard />
        <OndcLoansCard />
      </div>
    </section>
  );
}
