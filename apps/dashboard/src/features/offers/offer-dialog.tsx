import { useRef } from 'react';
import { Alert, Button } from '@pravesh/ui';
import { OFFER_PLACEHOLDER_DATE, OFFER_PRODUCT_NAMES } from '@pravesh/core/offers/routes.ts';
import type { CardTerms, InsuranceTerms, LoanKfs, Offer } from '@pravesh/core/offers/schemas.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { Dialog } from '../../layout/modal-rules.tsx';
import { useQuoteApplyMutation } from './api.ts';

/** Rupees with paise where there are any (fees and EMIs are exact to the paisa in the KFS). */
export function formatExactRupees(amount: number): string {
  const whole = Number.isInteger(amount);
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

const percent = (value: number) => `${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

function tenure(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return `${months} months`;
}

/**
 * The loan's Key Facts Statement (reference "Loan offers: RBI Key Facts Statement"; figures worked
 * out by core offers/kfs.ts on the server): what a borrower must see before applying.
 */
export function LoanFacts({ kfs }: { kfs: LoanKfs }) {
  return (
    <div className="ma-kfs">
      <dl className="ma-kfs-headline">
        <div>
          <dt>Loan amount</dt>
          <dd>{formatRupees(kfs.sanctionedAmount)}</dd>
        </div>
        <div>
          <dt>
            <abbr title="Annual percentage rate">APR</abbr>
          </dt>
          <dd>{percent(kfs.annualPercentageRate)}</dd>
        </div>
        <div>
          <dt>EMI</dt>
          <dd>
            {formatExactRupees(kfs.instalmentAmount)}
            <span className="ma-kfs-unit">/month</span>
          </dd>
        </div>
      </dl>
      <h3 className="ma-kfs-title">Key Facts Statement</h3>
      <dl className="ma-kfs-list">
        <div>
          <dt>Lender</dt>
          <dd>{kfs.lenderLegalName}</dd>
        </div>
        <div>
          <dt>Interest rate</dt>
          <dd>
            {percent(kfs.interestRate)} p.a., {kfs.interestRateType === 'FIXED' ? 'fixed' : 'floating'}
          </dd>
        </div>
        <div>
          <dt>Annual percentage rate (APR)</dt>
          <dd>{percent(kfs.annualPercentageRate)} — the yearly cost including fees</dd>
        </div>
        <div>
          <dt>Tenure</dt>
          <dd>
            {tenure(kfs.tenureMonths)} ({kfs.numberOfInstalments} monthly instalments)
          </dd>
        </div>
        <div>
          <dt>Monthly instalment (EMI)</dt>
          <dd>{formatExactRupees(kfs.instalmentAmount)}</dd>
        </div>
        {kfs.fees.map((fee) => (
          <div key={fee.code}>
            <dt>{fee.label}</dt>
            <dd>
              {formatExactRupees(fee.total)}
              {fee.gst > 0 ? (
                <span className="ma-kfs-note">
                  {' '}
                  incl. {percent(fee.gstPercent)} GST of {formatExactRupees(fee.gst)}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
        <div>
          <dt>Amount you receive</dt>
          <dd>{formatExactRupees(kfs.netDisbursedAmount)}</dd>
        </div>
        <div>
          <dt>Total interest</dt>
          <dd>{formatExactRupees(kfs.totalInterest)}</dd>
        </div>
        <div className="ma-kfs-total">
          <dt>Total amount payable</dt>
          <dd>{formatExactRupees(kfs.totalAmountPayable)}</dd>
        </div>
        <div>
          <dt>Penal charges</dt>
          <dd>{kfs.penalCharges}</dd>
        </div>
        <div>
          <dt>Foreclosure charges</dt>
          <dd>{kfs.foreclosureCharges}</dd>
        </div>
        <div>
          <dt>Cooling-off period</dt>
          <dd>
            {kfs.coolingOffDays} {kfs.coolingOffDays === 1 ? 'day' : 'days'} after disbursal to return the loan without
            a penalty
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** A card's most important terms (cards carry no KFS): fees with GST, limit, charges, rewards. */
export function CardFacts({ terms }: { terms: CardTerms }) {
  return (
    <div className="ma-kfs">
      <dl className="ma-kfs-headline">
        <div>
          <dt>Joining fee</dt>
          <dd>{terms.joiningFee.total === 0 ? 'Free' : formatExactRupees(terms.joiningFee.total)}</dd>
        </div>
        <div>
          <dt>Annual fee</dt>
          <dd>{terms.annualFee.total === 0 ? 'Free' : formatExactRupees(terms.annualFee.total)}</dd>
        </div>
        <div>
          <dt>Credit limit</dt>
          <dd>
            {formatRupees(terms.creditLimit.min)} – {formatRupees(terms.creditLimit.max)}
          </dd>
        </div>
      </dl>
      <h3 className="ma-kfs-title">Most important terms</h3>
      <dl className="ma-kfs-list">
        <div>
          <dt>Card</dt>
          <dd>
            {terms.cardKind === 'SECURED' ? 'Secured' : 'Unsecured'}{' '}
            {terms.network === 'RUPAY' ? 'RuPay' : terms.network} credit card
          </dd>
        </div>
        {terms.minimumFixedDeposit !== null ? (
          <div>
            <dt>Fixed deposit needed</dt>
            <dd>At least {formatRupees(terms.minimumFixedDeposit)}; your limit stands on it</dd>
          </div>
        ) : null}
        <div>
          <dt>Joining fee</dt>
          <dd>
            {formatExactRupees(terms.joiningFee.total)}
            {terms.joiningFee.gst > 0 ? <span className="ma-kfs-note"> incl. GST</span> : null}
          </dd>
        </div>
        <div>
          <dt>Annual fee</dt>
          <dd>
            {formatExactRupees(terms.annualFee.total)}
            {terms.annualFee.gst > 0 ? <span className="ma-kfs-note"> incl. GST</span> : null}
            {terms.annualFeeWaiver ? <span className="ma-kfs-note"> · {terms.annualFeeWaiver}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Finance charges</dt>
          <dd>{percent(terms.financeChargesMonthlyPercent)} a month on an unpaid balance</dd>
        </div>
        <div>
          <dt>Rewards</dt>
          <dd>
            <ul className="ma-kfs-rewards">
              {terms.rewards.map((reward) => (
                <li key={reward}>{reward}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function years(count: number): string {
  return count === 1 ? '1 year, renewed every year' : `${count} years`;
}

/** Cover in lakh or crore, the way Indian policies state it (₹10 lakh, ₹1 crore). */
export function formatCover(amount: number): string {
  if (amount >= 1_00_00_000 && amount % 1_00_00_000 === 0) return `₹${amount / 1_00_00_000} crore`;
  if (amount >= 1_00_000 && amount % 1_00_000 === 0) return `₹${amount / 1_00_000} lakh`;
  return formatRupees(amount);
}

/** An insurance offer's key terms (spec 001 §3 insuranceOffers): cover, premium, waiting and free-look periods. */
export function InsuranceFacts({ terms }: { terms: InsuranceTerms }) {
  return (
    <div className="ma-kfs">
      <dl className="ma-kfs-headline">
        <div>
          <dt>Cover</dt>
          <dd>{formatCover(terms.sumInsured)}</dd>
        </div>
        <div>
          <dt>Premium from</dt>
          <dd>
            {formatRupees(terms.premium.total)}
            <span className="ma-kfs-unit">/year</span>
          </dd>
        </div>
        <div>
          <dt>Claims settled</dt>
          <dd>{percent(terms.claimSettlementRatio)}</dd>
        </div>
      </dl>
      <h3 className="ma-kfs-title">Policy at a glance</h3>
      <dl className="ma-kfs-list">
        <div>
          <dt>Insurer</dt>
          <dd>{terms.insurerLegalName}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{terms.kind === 'HEALTH' ? 'Health insurance' : 'Term life insurance'}</dd>
        </div>
        <div>
          <dt>Sum insured</dt>
          <dd>{formatRupees(terms.sumInsured)}</dd>
        </div>
        <div>
          <dt>Yearly premium</dt>
          <dd>
            From {formatExactRupees(terms.premium.total)}
            <span className="ma-kfs-note">
              {terms.premium.gst > 0 ? ` incl. ${percent(terms.premium.gstPercent)} GST` : ' · no GST on this cover'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Policy term</dt>
          <dd>{years(terms.policyTermYears)}</dd>
        </div>
        {terms.waitingPeriods ? (
          <div>
            <dt>Waiting periods</dt>
            <dd>{terms.waitingPeriods}</dd>
          </div>
        ) : null}
        <div>
          <dt>Benefits</dt>
          <dd>
            <ul className="ma-kfs-rewards">
              {terms.keyBenefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Not covered</dt>
          <dd>{terms.exclusions}</dd>
        </div>
        <div>
          <dt>Free-look period</dt>
          <dd>{terms.freeLookDays} days to return the policy for a refund if it isn’t right for you</dd>
        </div>
      </dl>
    </div>
  );
}

/** Only http(s) links leave the page (the continue URL comes from a partner). */
const safeLink = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/**
 * One offer in full: its disclosure and the apply (spec 001 §7 partner/quoteApply). After a
 * successful apply the lead shows under "Your applications" and the customer may continue on the
 * partner's site (spec 000 §2 "a redirectUrl returned after applying").
 */
export function OfferDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const services = useServices();
  const visitId = useAppSelector((state) => state.user.userData?.visitId ?? undefined);
  const [apply, result] = useQuoteApplyMutation();
  const continueRef = useRef<HTMLAnchorElement>(null);
  const applied = result.data;
  const href = applied ? safeLink(applied.redirectUrl) : undefined;
  const lender = offer.lender.name;

  const onApply = () => {
    services.analytics.track({
      action: 'clicked',
      category: 'offers',
      label: `apply_${offer.productType}`,
      page: 'dashboard',
    });
    void apply({ offerId: offer.offerId, visitId });
  };

  const actions = applied ? (
    <>
      <Button variant="secondary" onClick={onClose}>
        Back to dashboard
      </Button>
      {href ? (
        <a ref={continueRef} className="pv-button pv-button--primary" href={href}>
          <span>Continue with {lender}</span>
        </a>
      ) : null}
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={onClose}>
        Not now
      </Button>
      <Button onClick={onApply} loading={result.isLoading} loadingLabel="Applying…">
        Apply now
      </Button>
    </>
  );

  return (
    <Dialog
      title={offer.productName}
      description={
        <p className="ma-offer-dialog-lede">
          {offer.bannerTitle} from {offer.lender.legalName}
          {offer.validTill !== OFFER_PLACEHOLDER_DATE ? <> · valid till {formatDate(offer.validTill)}</> : null}
        </p>
      }
      onClose={onClose}
      actions={actions}
      className="ma-offer-dialog"
    >
      <div className="ma-offer-dialog-body">
        {applied ? (
          <Alert tone="success" title={applied.created ? 'Application started' : 'You’ve already applied'}>
            {applied.created
              ? `We’ve shared your application with ${lender}. Continue on their site to finish it — you’ll also find it under “Your applications”.`
              : `Your ${offer.productName} application is under “Your applications”. Continue on ${lender}’s site to finish it.`}
          </Alert>
        ) : null}
        {result.isError ? (
          <Alert tone="error" title="We couldn’t start your application">
            Something went wrong! Please try again later.
          </Alert>
        ) : null}
        <div className="ma-offer-dialog-brand">
          <img src={offer.imageUrl.partnerImage} alt="" width={40} height={40} />
          <span>
            {OFFER_PRODUCT_NAMES[offer.productType]} · {lender}
          </span>
        </div>
        {offer.kfs ? <LoanFacts kfs={offer.kfs} /> : null}
        {offer.cardTerms ? <CardFacts terms={offer.cardTerms} /> : null}
        {offer.insuranceTerms ? <InsuranceFacts terms={offer.insuranceTerms} /> : null}
        <p className="ma-kfs-footnote">
          {offer.kfs ? `Worked out for the pre-approved amount over ${tenure(offer.kfs.tenureMonths)}. ` : ''}
          {offer.insuranceTerms
            ? `The premium shown is the lowest; ${lender} sets yours from your age and health on the proposal.`
            : `Seeing this offer doesn’t affect your credit score. ${lender} confirms the final terms after checking your details.`}
        </p>
      </div>
    </Dialog>
  );
}
