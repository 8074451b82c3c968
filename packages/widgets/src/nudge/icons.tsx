/** The nudge's small line icons (decorative: the text beside each says what it is). */
const svg = (path: string) =>
  function Icon() {
    return (
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    );
  };

export const CheckIcon = svg('M5 12.5l4.5 4.5L19 7.5');
export const GaugeIcon = svg('M4 16a8 8 0 1 1 16 0M12 16l4-6M3 20h18');
export const CardIcon = svg('M3 6h18v12H3zM3 10h18M7 15h4');
export const RupeeIcon = svg('M7 5h10M7 9h10M7 5c6 0 6 8 0 8l8 6');
export const HomeIcon = svg('M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6');
export const ChartIcon = svg('M4 20V10M10 20V4M16 20v-8M22 20H2');
export const SparkIcon = svg('M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6');
export const ArrowIcon = svg('M9 6l6 6-6 6');

/** The product's icon (spec 000 §3 recent-activity icons and offer product types). */
export function ProductIcon({ product }: { product: string | undefined }) {
  switch (product) {
    case 'CC':
    case 'credit-card':
    case 'step-up-card':
      return <CardIcon />;
    case 'HL':
    case 'HLBT':
    case 'LAP':
    case 'home-loan':
      return <HomeIcon />;
    case 'MF':
    case 'mutual-fund':
      return <ChartIcon />;
    default:
      return <RupeeIcon />;
  }
}
