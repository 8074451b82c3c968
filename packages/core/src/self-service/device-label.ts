/**
 * How My Account names a signed-in device (spec 001 §2 active-devices): "Computer · Chrome on
 * Linux". One rule for the device list and for the account's events that name a device, zod-free so
 * the dashboard's bundle can use it.
 */
const KIND_LABELS: Record<string, string> = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer' };

export function deviceLabel(device: { deviceKind: string | null; browser: string | null }): string {
  const kind = (device.deviceKind !== null ? KIND_LABELS[device.deviceKind] : undefined) ?? 'Unknown device';
  return device.browser ? `${kind} · ${device.browser}` : kind;
}
