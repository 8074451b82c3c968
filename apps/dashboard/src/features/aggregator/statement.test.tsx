// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AGGREGATOR_ROUTES } from '@pravesh/core/aggregator/routes.ts';
import { refusal, renderDashboard, signedInState, type Reply } from '../../test/harness.tsx';
import { ACCOUNT_A, ACCOUNT_B, accountsFixture } from './fixtures.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PDF_BASE64 = btoa('%PDF-1.4 statement');

function open(statement: Reply, accountId = ACCOUNT_B.accountId) {
  return renderDashboard(`/account-aggregator-statement?accountId=${accountId}`, {
    preloaded: signedInState(),
    routes: { [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture(), [AGGREGATOR_ROUTES.statement]: statement },
  });
}

describe('statement download (spec 001 §2 account-aggregator-statement, §5 1/2/3 months)', () => {
  it('downloads the chosen account’s statement for the chosen months as a PDF', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const page = open({ fileName: 'Kosh-statement-5522-3M.pdf', contentType: 'application/pdf', base64: PDF_BASE64 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Download a statement' }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('button', { name: 'Download PDF' });
    // The account from the address is chosen; 1 month is the default.
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(2);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /State Bank of India/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Last month' }).checked).toBe(true);
    expect(screen.getAllByRole('radio', { name: /^Last/ }).map((radio) => radio.parentElement?.textContent)).toEqual([
      'Last month',
      'Last 2 months',
      'Last 3 months',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Last 3 months' }));
    fireEvent.click(screen.getByRole('radio', { name: /HDFC Bank/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Your statement is downloaded. Look for it in your downloads.')).toBeTruthy();
    const call = page.calls.find((entry) => entry.path === AGGREGATOR_ROUTES.statement);
    expect(call).toMatchObject({ method: 'GET', query: { accountId: ACCOUNT_A.accountId, months: 3 } });
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4 statement');
  });

  it('says so when the statement cannot be made, keeping the choices', async () => {
    open(refusal('aggregatorPageError', 500));
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }, { timeout: 5000 }));
    expect(await screen.findByText('We couldn’t prepare your statement')).toBeTruthy();
    expect(screen.getByText('Some error occured, Please refresh the page')).toBeTruthy();
  });

  it('says so while the statement switch is off (spec 001 §9), in the server’s words', async () => {
    open(
      Object.assign(refusal('aaStatementDisabled', 503), {
        body: { status: false, statusCode: 'aaStatementDisabled' },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Statement download is temporarily unavailable. Please try again later.'),
    ).toBeTruthy();
  });

  it('offers linking when no account is linked', async () => {
    renderDashboard('/account-aggregator-statement', {
      preloaded: signedInState(),
      routes: { [AGGREGATOR_ROUTES.fetchUserAccountInfo]: accountsFixture({ accounts: [] }) },
    });
    expect(await screen.findByRole('heading', { name: 'No statements yet' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link a bank account' })).toBeTruthy();
  });
});
