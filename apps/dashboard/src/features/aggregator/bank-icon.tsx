import { aggregatorBank } from '@pravesh/core/aggregator/banks.ts';

/**
 * A bank's icon (spec 001 §3 bank table "icon and logo"): a drawn monogram, the bank's initials
 * on its colour, never a copied logo. Decorative: the bank's name is always written beside it.
 */
export function BankIcon({
  fipId,
  icon,
  colour,
  size = 40,
}: {
  fipId: string;
  icon?: string;
  colour?: string;
  size?: number;
}) {
  const bank = aggregatorBank(fipId);
  const initials = icon ?? bank?.icon ?? fipId.slice(0, 2).toUpperCase();
  const fill = colour ?? bank?.logo ?? '#4a5568';
  return (
    <svg className="ma-bank-icon" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="12" fill={fill} />
      <text
        x="20"
        y="25.5"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="#fff"
        fontFamily="var(--pv-font-family, sans-serif)"
        letterSpacing="0.5"
      >
        {initials}
      </text>
    </svg>
  );
}
