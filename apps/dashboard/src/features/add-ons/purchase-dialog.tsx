import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Spinner } from '@pravesh/ui';
import type { AddOnProductView, Purchase } from '@pravesh/core/add-ons/schemas.ts';
import { useServices } from '../../app/services.ts';
import { Dialog } from '../../layout/modal-rules.tsx';
import {
  HEALTH_REPORT_PATH,
  useConfirmPaymentMutation,
  useCreateOrderMutation,
  useOrderStatusMutation,
} from './api.ts';
import { formatPaise } from './copy.ts';

type Step =
  { kind: 'confirm' } | { kind: 'paying' } | { kind: 'done'; purchase: Purchase } | { kind: 'error'; message: string };

/** A fresh key per attempt: a retry of the same attempt reuses it, so it never charges twice. */
function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/** The gateway's reason as a sentence of its own (gateways send "Your bank declined the payment"). */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function errorMessage(error: unknown): string {
  const body = (error as { body?: { statusMessage?: unknown } } | undefined)?.body;
  return typeof body?.statusMessage === 'string' ? body.statusMessage : 'Something went wrong! Please try again later';
}

/**
 * Buying an add-on: confirm the price, pay, then one of three outcomes — paid,
 * declined (try again) or pending (check again later). The payment gateway's checkout would open
 * between create and confirm; the local gateway settles it on the server.
 */
export function PurchaseDialog({ product, onClose }: { product: AddOnProductView; onClose: () => void }) {
  const services = useServices();
  const key = useRef(newKey());
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const [createOrder] = useCreateOrderMutation();
  const [confirmPayment] = useConfirmPaymentMutation();
  const [orderStatus, status] = useOrderStatusMutation();
  const { price } = product;

  async function pay() {
    setStep({ kind: 'paying' });
    services.analytics.track({
      action: 'clicked',
      category: 'add-ons',
      label: `pay ${product.addOn}`,
      page: 'dashboard',
    });
    try {
      const order = await createOrder({ addOn: product.addOn, idempotencyKey: key.current }).unwrap();
      const purchase =
        order.status === 'CREATED' ? await confirmPayment({ purchaseId: order.purchaseId }).unwrap() : order;
      setStep({ kind: 'done', purchase });
    } catch (error) {
      setStep({ kind: 'error', message: errorMessage(error) });
    }
  }

  async function checkAgain(purchase: Purchase) {
    try {
      setStep({ kind: 'done', purchase: await orderStatus({ purchaseId: purchase.purchaseId }).unwrap() });
    } catch (error) {
      setStep({ kind: 'error', message: errorMessage(error) });
    }
  }

  function tryAgain() {
    key.current = newKey();
    setStep({ kind: 'confirm' });
  }

  let body;
  let actions;
  if (step.kind === 'confirm') {
    body = (
      <>
        <p>{product.summary}</p>
        <dl className="ma-addon-bill">
          <div>
            <dt>Price</dt>
            <dd>{formatPaise(price.taxableValuePaise)}</dd>
          </div>
          <div>
            <dt>GST ({price.gstPercent}%)</dt>
            <dd>{formatPaise(price.gstPaise)}</dd>
          </div>
          <div className="ma-addon-bill-total">
            <dt>You pay</dt>
            <dd>{formatPaise(price.amountPaise)}</dd>
          </div>
        </dl>
        <p className="ma-muted ma-addon-small">A GST invoice is sent to your account once you have paid.</p>
      </>
    );
    actions = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void pay()}>Pay {formatPaise(price.amountPaise)}</Button>
      </>
    );
  } else if (step.kind === 'paying') {
    body = (
      <p className="ma-addon-progress" role="status">
        <Spinner /> Processing your payment. Please don’t close this window.
      </p>
    );
  } else if (step.kind === 'error') {
    body = <Alert tone="error">{step.message}</Alert>;
    actions = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => void pay()}>Try again</Button>
      </>
    );
  } else if (step.purchase.status === 'SUCCESS') {
    body = (
      <Alert tone="success" title="Payment successful">
        {product.name} is now active. We have sent your invoice to your account.
      </Alert>
    );
    actions =
      product.addOn === 'CREDIT_HEALTH' ? (
        <>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Link className="pv-button pv-button--primary" to={HEALTH_REPORT_PATH}>
            <span>Open your report</span>
          </Link>
        </>
      ) : (
        <Button onClick={onClose}>Done</Button>
      );
  } else if (step.purchase.status === 'FAILED') {
    body = (
      <Alert tone="error" title="Payment failed">
        {asSentence(step.purchase.failureReason ?? 'Your payment did not go through')} No money has been taken; if your
        bank deducted any, it will be refunded within 5–7 working days.
      </Alert>
    );
    actions = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={tryAgain}>Try again</Button>
      </>
    );
  } else {
    const purchase = step.purchase;
    body = (
      <Alert tone="info" title="Payment being confirmed">
        Your bank hasn’t confirmed the payment yet. This usually takes a few minutes; you can close this window and
        we’ll update your account once it’s confirmed.
      </Alert>
    );
    actions = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button loading={status.isLoading} loadingLabel="Checking…" onClick={() => void checkAgain(purchase)}>
          Check again
        </Button>
      </>
    );
  }

  return (
    <Dialog
      title={step.kind === 'confirm' ? `Buy ${product.name}` : product.name}
      onClose={step.kind === 'paying' ? () => undefined : onClose}
      closeLabel={step.kind === 'paying' ? null : 'Close'}
      closeOnOverlay={step.kind !== 'paying'}
      actions={actions}
      className="ma-addon-dialog"
    >
      <div aria-live="polite">{body}</div>
    </Dialog>
  );
}
