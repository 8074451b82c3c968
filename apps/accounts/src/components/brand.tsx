import { BRAND } from '@pravesh/core/brand.ts';

/** The marketplace's mark and name (core BRAND), as on the embedding sites' headers. */
export function Brand() {
  return (
    <span className="brand">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0b3d91" />
        <path d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H13" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="22.5" cy="22.5" r="2.5" fill="#f5b301" />
      </svg>
      <span className="brand-name">{BRAND.name}</span>
      <span className="brand-tag">Accounts</span>
    </span>
  );
}
