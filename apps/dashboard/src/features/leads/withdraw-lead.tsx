import { useRef, useState } from 'react';
import type { LeadView } from '@pravesh/core/leads/schemas.ts';
import { Alert, Button } from '@pravesh/ui';
import { Dialog } from '../../layout/modal-rules.tsx';
import { useWithdrawLeadMutation } from './api.ts';

const DECIDED =
  'The lender has already decided on this application, so it can no longer be withdrawn here. Contact the lender if you want to cancel it.';
const FAILED = 'We couldn’t withdraw your application just now. Please try again.';

/**
 * Withdraw an application the lender has not decided (the leads module's withdrawLead). Asked once
 * more in an alert dialog, as the lender is told and it cannot be undone (the customer may apply
 * again). `onWithdrawn` words the outcome in the list's live region.
 */
export function WithdrawLead({ lead, onWithdrawn }: { lead: LeadView; onWithdrawn: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [withdraw, request] = useWithdrawLeadMutation();
  const [error, setError] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    setError(null);
  }

  async function confirm() {
    setError(null);
    try {
      await withdraw(lead.leadId).unwrap();
      setOpen(false);
      onWithdrawn(`Your ${lead.productName} application with ${lead.lenderName} was withdrawn.`);
    } catch (failure) {
      const code = (failure as { statusCode?: unknown } | undefined)?.statusCode;
      setError(code === 'leadNotWithdrawable' ? DECIDED : FAILED);
    }
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Withdraw<span className="pv-visually-hidden"> your {lead.productName} application</span>
      </Button>
      {open ? (
        <Dialog
          role="alertdialog"
          title="Withdraw this application?"
          description={`${lead.lenderName} will be told that you no longer want the ${lead.productName}, and the application will close. You can apply again later if the offer is still available.`}
          onClose={close}
          initialFocus={keep}
          actions={
            <>
              <Button ref={keep} variant="secondary" onClick={close}>
                Keep application
              </Button>
              <Button
                variant="danger"
                onClick={() => void confirm()}
                loading={request.isLoading}
                loadingLabel="Withdrawing…"
              >
                Yes, withdraw
              </Button>
            </>
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </Dialog>
      ) : null}
    </>
  );
}
