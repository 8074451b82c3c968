import { useEffect, useRef } from 'react';
import { OTP_AUTOREAD_TIMEOUT_MS } from '@pravesh/core';

/**
 * Reads the OTP from the SMS through the WebOTP API (navigator.credentials.get with
 * `otp: { transport: ['sms'] }`). Resolves with the code, or null when there is none.
 */
export type WebOtpReader = (signal: AbortSignal) => Promise<string | null>;

interface OtpCredentialLike {
  code?: unknown;
}

/** The browser's WebOTP reader, or undefined where the API is missing (Firefox, desktop Safari). */
export function detectWebOtp(win: Window = window): WebOtpReader | undefined {
  if (!('OTPCredential' in win) || !win.navigator.credentials) return undefined;
  const credentials = win.navigator.credentials;
  return async (signal) => {
    // The `otp` member is not in TypeScript's DOM types yet (WICG WebOTP).
    const options = { otp: { transport: ['sms'] }, signal } as CredentialRequestOptions;
    const credential = (await credentials.get(options)) as OtpCredentialLike | null;
    return typeof credential?.code === 'string' ? credential.code : null;
  };
}

/**
 * While `active`, waits for an SMS code and hands it to `onCode`. The read is aborted after 60 s
 * (spec 000 §9 "OTP auto-read aborts after 60 s"), when `active` turns false or `restartKey`
 * changes, and on unmount.
 */
export function useWebOtp(
  reader: WebOtpReader | undefined,
  active: boolean,
  /** A change starts a new read (a new SMS was sent). */
  restartKey: unknown,
  onCode: (code: string) => void,
  timeoutMs = OTP_AUTOREAD_TIMEOUT_MS,
): void {
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    if (!reader || !active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    reader(controller.signal).then(
      (code) => {
        if (code !== null && !controller.signal.aborted) latest.current(code);
      },
      // Aborted, refused by the customer or unsupported in this frame: typing still works.
      () => undefined,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [reader, active, restartKey, timeoutMs]);
}
