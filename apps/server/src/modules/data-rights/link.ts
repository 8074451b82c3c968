import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The export's download link (DPDP Act 2023 §11): `<exportId>.<expiry seconds>.<HMAC>`. It names
 * only the export's random id, so no personal data is in a URL or a log line, and it lasts a few
 * minutes. The link alone is not enough: the download also needs the owner's access token, so a
 * link that leaks is useless to anyone else.
 */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export interface ExportLinkSigner {
  sign(exportId: string, expiresAtMs: number): string;
  /** The export id of a well-signed link, expired past its time, null for anything else. */
  verify(link: string, nowMs: number): { exportId: string } | 'expired' | null;
}

export function createExportLinkSigner(secret: string): ExportLinkSigner {
  // A key of its own, derived from the configured secret, so a link's MAC is no other hash.
  const key = createHmac('sha256', secret).update('pravesh data export link v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(exportId, expiresAtMs) {
      const payload = `${exportId}.${Math.floor(expiresAtMs / 1000)}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(link, nowMs) {
      const parts = link.split('.');
      if (parts.length !== 3) return null;
      const [exportId, expiry, given] = parts as [string, string, string];
      if (!/^[0-9a-f-]{36}$/.test(exportId) || !/^\d{1,12}$/.test(expiry)) return null;
      const expected = Buffer.from(mac(`${exportId}.${expiry}`));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      return Number(expiry) * 1000 <= nowMs ? 'expired' : { exportId };
    },
  };
}
