import {
  consentDateCookieName,
  contractCookieIdName,
  contractVersionCookieName,
  CONTRACT_VERSION_ID_PATTERN,
  PROVIDER_COOKIE_ID_NAME,
  type Environment,
} from '@pravesh/core';
import { readCookie, serializeCookie, type CookieJar } from '../cookies.ts';
import { CONSENT_COOKIE_MAX_AGE_SECONDS } from './constants.ts';
import { isConsentDate } from './dates.ts';

/**
 * The consent cookies of spec 000 §9: puckarContractVersion<contractId> (the version the last
 * check answered), puckarCookieId<contractId> (this browser's id for the contract), the provider's
 * cookie id, and the per-site daily flag holding the date consent was last settled.
 */
export interface ConsentCookies {
  version(): string | undefined;
  setVersion(contractVersionId: string): void;
  /** This browser's cookie id for the contract, made (and kept) on first use. */
  cookieId(): string;
  /** The provider's cookie id for this browser, made (and kept) on first use. */
  providerCookieId(): string;
  settledOn(): string | undefined;
  setSettledOn(date: string): void;
  clearSettled(): void;
}

export interface ConsentCookiesOptions {
  jar: CookieJar;
  contractId: string;
  siteId: number;
  environment: Environment;
  randomId: () => string;
  domain?: string | undefined;
  secure?: boolean;
}

/** Cookie ids travel in the consent payload (idText(64)): only plain ids are kept. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function consentCookies(options: ConsentCookiesOptions): ConsentCookies {
  const { jar, contractId, randomId } = options;
  const attributes = (maxAgeSeconds: number) => ({
    maxAgeSeconds,
    path: '/',
    domain: options.domain,
    secure: options.secure ?? false,
    sameSite: 'Lax' as const,
  });
  const write = (name: string, value: string) =>
    jar.write(serializeCookie(name, encodeURIComponent(value), attributes(CONSENT_COOKIE_MAX_AGE_SECONDS)));
  const read = (name: string) => {
    const raw = readCookie(jar, name);
    if (raw === undefined) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  };
  const idCookie = (name: string) => {
    const existing = read(name);
    if (existing !== undefined && ID.test(existing)) return existing;
    const made = randomId();
    write(name, made);
    return made;
  };

  const versionName = contractVersionCookieName(contractId);
  const cookieIdName = contractCookieIdName(contractId);
  const dateName = consentDateCookieName(options.siteId, options.environment);

  return {
    version() {
      const value = read(versionName);
      return value !== undefined && CONTRACT_VERSION_ID_PATTERN.test(value) ? value : undefined;
    },
    setVersion: (contractVersionId) => write(versionName, contractVersionId),
    cookieId: () => idCookie(cookieIdName),
    providerCookieId: () => idCookie(PROVIDER_COOKIE_ID_NAME),
    settledOn() {
      const value = read(dateName);
      return isConsentDate(value) ? value : undefined;
    },
    setSettledOn: (date) => write(dateName, date),
    clearSettled: () => jar.write(serializeCookie(dateName, '', attributes(0))),
  };
}
