import Bowser from 'bowser';

/**
 * A coarse description of the browser a sign-in came from, for the active-devices list (spec 001 §2
 * active-devices): the kind of device, the browser's name and a region. It is kept
 * on the session row instead of the user agent or address, which are never stored: the customer
 * needs to recognise a device, not to be tracked. The region comes from the time zone the pass
 * token's device fingerprint carries (spec 000 §3 timezoneOffset) — no address lookup, no outside
 * geolocation service — so it is a country or region, never a city.
 */
export interface DeviceDescription {
  deviceKind: 'mobile' | 'tablet' | 'desktop' | null;
  browser: string | null;
  place: string | null;
}

/** Bowser's longer names, shortened for a one-line device label. */
const SHORT_NAMES: ReadonlyMap<string, string> = new Map([
  ['Microsoft Edge', 'Edge'],
  ['Samsung Internet for Android', 'Samsung Internet'],
  ['Chrome OS', 'ChromeOS'],
]);
const short = (name: string | undefined) => (name ? (SHORT_NAMES.get(name) ?? name) : undefined);

/**
 * Regions by the browser's getTimezoneOffset() (minutes behind UTC, so India is -330). Only
 * offsets without daylight saving that name one country or a well-known region; any other (UTC,
 * Europe, the Americas) shows as its UTC offset rather than a guess.
 */
const REGIONS: ReadonlyMap<number, string> = new Map([
  [-330, 'India'],
  [-345, 'Nepal'],
  [-360, 'Bangladesh'],
  [-300, 'Pakistan or the Maldives'],
  [-240, 'UAE or Oman'],
  [-180, 'Saudi Arabia, Qatar or Kuwait'],
  [-480, 'Singapore, Malaysia or Hong Kong'],
  [-540, 'Japan or Korea'],
]);

function utcOffset(minutesBehind: number): string {
  const ahead = -minutesBehind;
  const sign = ahead >= 0 ? '+' : '-';
  const abs = Math.abs(ahead);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function describeDevice(
  userAgent: string | undefined,
  components: { touch: boolean; screenWidth: number; timezoneOffset: number } | undefined,
): DeviceDescription {
  // A maintained parser (bowser): hand-written patterns called headless Chromium "Safari on Linux".
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const browserName = short(parsed?.browser.name || undefined);
  const system = short(parsed?.os.name || undefined);
  const platform = parsed?.platform.type;
  let deviceKind: DeviceDescription['deviceKind'] = null;
  if (platform === 'mobile' || platform === 'tablet' || platform === 'desktop') deviceKind = platform;
  else if (userAgent) deviceKind = 'desktop';
  else if (components) deviceKind = components.touch && components.screenWidth < 768 ? 'mobile' : 'desktop';
  const browser = browserName ? (system ? `${browserName} on ${system}` : browserName) : (system ?? null);
  const place = components ? (REGIONS.get(components.timezoneOffset) ?? utcOffset(components.timezoneOffset)) : null;
  return { deviceKind, browser, place };
}
