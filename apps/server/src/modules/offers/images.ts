import { OFFER_PRODUCT_NAMES, type OfferProduct } from '@pravesh/core';

/**
 * The offer images the server serves itself (real images, no third party's URLs):
 * small SVGs drawn from the catalogue, so a new lender or offer has its images the moment it is
 * added. spec 000 §3 imageUrl: partnerImage (the lender's mark), productTypeImage (an icon per
 * product), renderImage (card art for a card, a banner for a loan).
 *
 * Every text that goes into markup is escaped; the SVGs have no script, no external reference and
 * are served with a CSP that forbids both, so a catalogue row can never become active content.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Up to two initials of a name ("Sahyadri Bank" → "SB"). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

const svg = (width: number, height: number, label: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">` +
  `<title>${escapeXml(label)}</title>${body}</svg>`;

const FONT = `font-family="'Open Sans',Arial,sans-serif"`;

/** The size the partner mark is drawn at; the nudge's offer card shows it at 28px. */
export const PARTNER_MARK_PX = 64;

/**
 * The lender's mark: its initials, large, on its brand colour. The name is the image's title and
 * label only: drawn inside, it shrank to unreadable 6px type at the size offer cards show a logo,
 * so pages write the lender's name as text beside the mark (offer.lender.name).
 */
export function partnerImage(name: string, brandColour: string): string {
  const colour = /^#[0-9a-fA-F]{6}$/.test(brandColour) ? brandColour : '#1f2937';
  const size = PARTNER_MARK_PX;
  return svg(
    size,
    size,
    name,
    `<rect width="${size}" height="${size}" rx="14" fill="${colour}"/>` +
      `<text x="32" y="43" ${FONT} font-size="30" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials(name))}</text>`,
  );
}

/** One simple glyph per product, drawn in a 48×48 box. */
const PRODUCT_GLYPHS: Readonly<Record<OfferProduct, string>> = {
  // A rupee note.
  PL:
    `<rect x="6" y="14" width="36" height="22" rx="3" fill="none" stroke="#1d4ed8" stroke-width="3"/>` +
    `<text x="24" y="31" ${FONT} font-size="14" font-weight="700" fill="#1d4ed8" text-anchor="middle">₹</text>`,
  // A card with its stripe.
  CC:
    `<rect x="5" y="12" width="38" height="26" rx="4" fill="none" stroke="#1d4ed8" stroke-width="3"/>` +
    `<rect x="5" y="18" width="38" height="5" fill="#1d4ed8"/>`,
  // A house.
  HL: `<path d="M8 24 L24 10 L40 24 V40 H8 Z" fill="none" stroke="#1d4ed8" stroke-width="3" stroke-linejoin="round"/><rect x="20" y="28" width="8" height="12" fill="#1d4ed8"/>`,
  // A shop front.
  BL: `<path d="M8 18 H40 L37 10 H11 Z" fill="#1d4ed8"/><rect x="10" y="18" width="28" height="22" fill="none" stroke="#1d4ed8" stroke-width="3"/><rect x="20" y="28" width="8" height="12" fill="#1d4ed8"/>`,
  // A building with a key.
  LAP: `<rect x="10" y="10" width="18" height="30" fill="none" stroke="#1d4ed8" stroke-width="3"/><circle cx="36" cy="30" r="5" fill="none" stroke="#1d4ed8" stroke-width="3"/><path d="M36 35 V42" stroke="#1d4ed8" stroke-width="3"/>`,
  // A shield with a tick.
  INS: `<path d="M24 6 L39 12 V24 C39 33 32 39 24 42 C16 39 9 33 9 24 V12 Z" fill="none" stroke="#1d4ed8" stroke-width="3" stroke-linejoin="round"/><path d="M17 24 L22 29 L31 19" fill="none" stroke="#1d4ed8" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
};

export function productTypeImage(product: OfferProduct): string {
  return svg(
    48,
    48,
    OFFER_PRODUCT_NAMES[product],
    `<rect width="48" height="48" rx="10" fill="#eff6ff"/>${PRODUCT_GLYPHS[product]}`,
  );
}

/**
 * The offer's picture: a card's face (lender colour, chip, product name) or, for a loan, a banner
 * with the product glyph and name.
 */
export function renderImage(
  product: OfferProduct,
  productName: string,
  lenderName: string,
  brandColour: string,
): string {
  const colour = /^#[0-9a-fA-F]{6}$/.test(brandColour) ? brandColour : '#1f2937';
  const name = escapeXml(productName.slice(0, 32));
  if (product === 'CC') {
    return svg(
      320,
      200,
      productName,
      `<rect width="320" height="200" rx="16" fill="${colour}"/>` +
        `<rect x="24" y="72" width="44" height="34" rx="6" fill="#facc15"/>` +
        `<text x="24" y="44" ${FONT} font-size="16" font-weight="700" fill="#ffffff">${escapeXml(lenderName.slice(0, 28))}</text>` +
        `<text x="24" y="150" ${FONT} font-size="18" fill="#ffffff" letter-spacing="3">•••• •••• •••• 4242</text>` +
        `<text x="24" y="180" ${FONT} font-size="12" fill="#e5e7eb">${name}</text>`,
    );
  }
  return svg(
    320,
    120,
    productName,
    `<rect width="320" height="120" rx="12" fill="${colour}"/>` +
      `<g transform="translate(20 36)"><rect width="48" height="48" rx="10" fill="#ffffff"/>${PRODUCT_GLYPHS[product]}</g>` +
      `<text x="84" y="56" ${FONT} font-size="16" font-weight="700" fill="#ffffff">${name}</text>` +
      `<text x="84" y="80" ${FONT} font-size="12" fill="#e5e7eb">${escapeXml(lenderName.slice(0, 32))}</text>`,
  );
}
