import { useEffect, useState } from 'react';
import { Alert, Button, QueryState } from '@pravesh/ui';
import { deviceLabel } from '@pravesh/core/self-service/device-label.ts';
import type { ActiveDevice } from '@pravesh/core/self-service/schemas.ts';
import { useServices } from '../../app/services.ts';
import { PageTitle } from '../../layout/shell.tsx';
import { Icon } from '../../layout/icons.tsx';
import { AccountActivity } from './account-activity.tsx';
import { useActiveDevicesQuery, useRevokeDeviceMutation } from './api.ts';
import { formatWhen, placePhrase } from './format.ts';
import './devices.css';

/**
 * spec 001 §2 route "active-devices": every browser and phone where the customer
 * is signed in, from the sign-on service's own sessions. Signing one out ends that session
 * everywhere at once; this device is marked, and leaving it is the header's log out.
 */
export default function ActiveDevicesPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({
      action: 'viewed',
      category: 'myAccount',
      label: 'active-devices',
      page: 'active-devices',
    });
  }, [services]);
  const devices = useActiveDevicesQuery();
  const [revoke] = useRevokeDeviceMutation();
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function signOut(device: ActiveDevice) {
    setPending(device.deviceId);
    setNotice(null);
    const result = await revoke(device.deviceId);
    setPending(null);
    setNotice(
      'error' in result
        ? { tone: 'error', text: 'Something went wrong! Please try again later' }
        : { tone: 'success', text: `${deviceLabel(device)} is signed out. It will need a new OTP to sign in again.` },
    );
  }

  return (
    <>
      <PageTitle lede="Browsers and phones where you’re signed in to Kosh. Sign out any you don’t recognise.">
        Active devices
      </PageTitle>
      <section className="ma-card" aria-labelledby="devices-heading">
        <h2 id="devices-heading" className="ma-card-title">
          Where you’re signed in
        </h2>
        <div aria-live="polite">
          {notice ? (
            <Alert tone={notice.tone} live="none">
              {notice.text}
            </Alert>
          ) : null}
        </div>
        <QueryState
          query={devices}
          loadingLabel="Loading your devices…"
          loadingClassName="ma-stack"
          lines={['60%', '45%', '55%']}
          errorTitle="We couldn’t load your devices"
        >
          {({ devices: list }) => (
            <>
              <ul className="dev-list" role="list" aria-label="Signed-in devices">
                {list.map((device) => (
                  <li key={device.deviceId} className="dev-row">
                    <span className="dev-icon" aria-hidden="true">
                      <Icon name="devices" size={24} />
                    </span>
                    <div className="dev-text">
                      <h3 className="dev-name">
                        {deviceLabel(device)}
                        {device.current ? <span className="dev-badge">This device</span> : null}
                      </h3>
                      <p className="ma-muted">
                        Signed in {formatWhen(device.signedInAt)}
                        {placePhrase(device.place)}
                      </p>
                      <p className="ma-muted">Last active {formatWhen(device.lastActiveAt)}</p>
                    </div>
                    {device.current ? (
                      <span className="ma-muted dev-hint">Use Log out to leave this device</span>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={pending === device.deviceId}
                        loadingLabel="Signing out…"
                        onClick={() => void signOut(device)}
                      >
                        Sign out<span className="pv-visually-hidden"> {deviceLabel(device)}</span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {list.every((device) => device.current) ? (
                <p className="ma-muted">You’re not signed in anywhere else.</p>
              ) : null}
            </>
          )}
        </QueryState>
      </section>
      <AccountActivity />
    </>
  );
}
