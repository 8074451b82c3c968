import { useRef, useState } from 'react';
import { Alert, Button } from '@pravesh/ui';
import { Dialog } from '../../layout/modal-rules.tsx';
import { useDeactivateMutation } from './api.ts';
import { aaMessage } from './messages.ts';

/**
 * Revoke consent (spec 001 §7 DELETE FI/deActivateUserData): FINVU stops sharing and Kosh deletes
 * the fetched balances and transactions. Asked for once more in an alert dialog: it cannot be undone.
 */
export function RevokeConsent({ onRevoked }: { onRevoked: () => void }) {
  const [open, setOpen] = useState(false);
  const [deactivate, request] = useDeactivateMutation();
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  async function revoke() {
    setError(null);
    try {
      await deactivate().unwrap();
      setOpen(false);
      onRevoked();
    } catch (failure) {
      setError(aaMessage(failure));
    }
  }

  return (
    <section className="ma-card ma-aa-revoke" aria-labelledby="aa-revoke-title">
      <div>
        <h2 id="aa-revoke-title" className="ma-aa-section-title">
          Stop sharing your bank data
        </h2>
        <p className="ma-muted">
          Revoke your consent at FINVU and Kosh deletes the balances and transactions it has fetched. You can link your
          accounts again at any time.
        </p>
      </div>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Revoke consent
      </Button>
      {open ? (
        <Dialog
          role="alertdialog"
          title="Revoke consent?"
          description="FINVU will stop sharing data from all your linked bank accounts, and Kosh will delete the balances and transactions it has fetched. You can link your accounts again later."
          onClose={() => setOpen(false)}
          initialFocus={cancel}
          actions={
            <>
              <Button ref={cancel} variant="secondary" onClick={() => setOpen(false)}>
                Keep sharing
              </Button>
              <Button
                variant="danger"
                onClick={() => void revoke()}
                loading={request.isLoading}
                loadingLabel="Revoking…"
              >
                Yes, revoke
              </Button>
            </>
          }
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
        </Dialog>
      ) : null}
    </section>
  );
}
