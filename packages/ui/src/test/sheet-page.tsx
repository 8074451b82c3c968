import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BottomSheet } from '../components/bottom-sheet.tsx';
import { useSwipeToOpen } from '../components/swipe-to-open.ts';
import type { SheetSnap } from '../components/sheet-gesture.ts';
import { COMPONENTS_CSS } from '../css/components.ts';
import { TOKENS_CSS } from '../css/tokens.ts';

/**
 * A phone page with the snapping sheet the way the nudge uses it, for the real-Chromium check
 * (bottom-sheet.chromium.test.ts): bundled by esbuild and loaded with page.setContent, no server.
 * The content mimics the nudge's tiles so the screenshots show the sheet as customers will see it.
 */

const PAGE_CSS = `
body { margin: 0; font-family: var(--pv-font-family); color: var(--pv-color-ink); background: var(--pv-color-surface-alt); }
.host { padding: 20px; }
.host h1 { font-size: 22px; margin: 8px 0 12px; }
.host p { color: var(--pv-color-ink-muted); line-height: 1.5; }
.score { display: flex; align-items: center; gap: 14px; padding: 14px 16px; border: 1px solid var(--pv-color-line-soft);
  border-radius: var(--pv-radius-lg); background: var(--pv-color-surface); color: inherit; text-decoration: none; }
.score-dial { display: grid; place-items: center; width: 60px; height: 60px; border-radius: 50%;
  border: 5px solid #08a42a; font-weight: 700; font-size: 18px; flex: none; }
.score-text { display: flex; flex-direction: column; gap: 2px; }
.score-text strong { font-size: 16px; }
.score-text span { color: var(--pv-color-ink-muted); font-size: 14px; }
.band { color: #14532d; font-weight: 600; }
.hint { margin: 10px 0 0; text-align: center; color: var(--pv-color-ink-muted); font-size: 14px; }
.offer { padding: 14px 16px; border: 1px solid var(--pv-color-line-soft); border-radius: var(--pv-radius-lg); }
.offer h3 { margin: 0 0 4px; font-size: 16px; }
.offer p { margin: 0 0 10px; color: var(--pv-color-ink-muted); font-size: 14px; }
.offer a { display: inline-block; padding: 10px 16px; border-radius: var(--pv-radius-md); background: var(--pv-color-brand);
  color: var(--pv-color-on-brand); font-weight: 600; text-decoration: none; font-size: 14px; }
.section-title { margin: 4px 0 0; font-size: 15px; font-weight: 700; }
.activity { display: flex; justify-content: space-between; padding: 10px 0; border-bottom: 1px solid var(--pv-color-line-soft); font-size: 14px; }
.activity span { color: var(--pv-color-ink-muted); }
`;

const OFFERS = [
  { lender: 'HDFC Bank', product: 'Personal Loan', detail: 'Up to ₹5,00,000 at 10.5% p.a. for 5 years' },
  { lender: 'Axis Bank', product: 'Credit Card', detail: 'Limit up to ₹1,50,000, no joining fee' },
];
const ACTIVITY = [
  ['Personal Loan · HDFC Bank', 'Application submitted'],
  ['Credit Card · Axis Bank', 'Documents pending'],
  ['Home Loan · SBI', 'Sanctioned ₹42,00,000'],
  ['Car Loan · ICICI Bank', 'Quote saved'],
  ['Business Loan · Tata Capital', 'Eligibility checked'],
  ['Gold Loan · Muthoot Finance', 'Quote saved'],
  ['Two-wheeler Loan · Bajaj Finance', 'Application started'],
];

/** The modal form, as the logout widget uses it (spec 000 §2: a bottom sheet of at most 80vh). */
function SignedOut() {
  const [shown, setShown] = useState(true);
  return shown ? (
    <BottomSheet
      title="You have signed out"
      description="Your credit score and offers stay saved. Sign in again with your mobile number to see them."
      onClose={() => setShown(false)}
      actions={
        <button type="button" className="pv-button pv-button--primary pv-button--block" onClick={() => setShown(false)}>
          Continue browsing
        </button>
      }
    />
  ) : null;
}

function Page() {
  const params = new URLSearchParams(location.hash.slice(1));
  const [snap, setSnap] = useState<SheetSnap>((params.get('snap') as SheetSnap | null) ?? 'peek');
  const rows = Number(params.get('rows') ?? ACTIVITY.length);
  const launcher = useRef<HTMLButtonElement>(null);
  const log = (window as unknown as { sheetLog: string[] }).sheetLog;
  // One element (elements=1): the score tile alone, as the nudge of a visitor without offers or activity.
  const oneElement = params.get('elements') === '1';
  // Fully closed, the launcher takes the swipe that opens the sheet (spec 000 §4).
  useSwipeToOpen(launcher, snap === 'closed', () => {
    log.push('open:launcher-swipe');
    setSnap('open');
  });
  return (
    <>
      <main className="host">
        <h1>Personal loans for every need</h1>
        <p>Compare rates from 40+ lenders and get money in your account in as little as 24 hours.</p>
        <button type="button" className="pv-button pv-button--secondary" ref={launcher} onClick={() => setSnap('open')}>
          See your offers
        </button>
      </main>
      {params.get('form') === 'modal' ? (
        <SignedOut />
      ) : (
        <BottomSheet
          title="Your credit snapshot"
          snap={snap}
          onSnapChange={(next, reason) => {
            log.push(`${next}:${reason}`);
            setSnap(next);
          }}
          expandLabel="Show all offers"
          collapseLabel="Show fewer offers"
          returnFocus={launcher}
          oneElement={oneElement}
          peek={
            <>
              <a className="score" href="#score">
                <span className="score-dial">781</span>
                <span className="score-text">
                  <strong>
                    CIBIL score · <span className="band">Excellent</span>
                  </strong>
                  <span>Up 12 points since October</span>
                </span>
              </a>
              {snap === 'open' ? null : <p className="hint">Exciting offers await you! Swipe up to explore.</p>}
            </>
          }
        >
          {oneElement ? null : <OffersAndActivity rows={rows} />}
        </BottomSheet>
      )}
    </>
  );
}

function OffersAndActivity({ rows }: { rows: number }) {
  return (
    <>
      <p className="section-title">2 pre-approved offers</p>
      {OFFERS.map((offer) => (
        <div className="offer" key={offer.lender}>
          <h3>
            {offer.product} · {offer.lender}
          </h3>
          <p>{offer.detail}</p>
          <a href="#apply">Apply Now</a>
        </div>
      ))}
      <p className="section-title">Recent Activity</p>
      <div>
        {Array.from({ length: rows }, (_, index) => ACTIVITY[index % ACTIVITY.length]!).map(([what, status], index) => (
          <div className="activity" key={index}>
            {what}
            <span>{status}</span>
          </div>
        ))}
      </div>
    </>
  );
}

(window as unknown as { sheetLog: string[] }).sheetLog = [];
const style = document.createElement('style');
style.textContent = TOKENS_CSS + COMPONENTS_CSS + PAGE_CSS;
document.head.append(style);
const mount = document.createElement('div');
document.body.append(mount);
createRoot(mount).render(<Page />);
