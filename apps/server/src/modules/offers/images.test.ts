import { describe, expect, it } from 'vitest';
import { PARTNER_MARK_PX, partnerImage } from './images.ts';

/** The smallest type of an SVG, in CSS pixels, when the image is shown `shownHeight` pixels tall. */
function smallestTypeAt(svg: string, shownHeight: number): number {
  const viewBoxHeight = Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(svg)?.[1]);
  const sizes = [...svg.matchAll(/<text[^>]*font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
  expect(sizes.length).toBeGreaterThan(0);
  return (Math.min(...sizes) * shownHeight) / viewBoxHeight;
}

describe('the partner mark (spec 000 §2 offer card "partner image")', () => {
  it('stays legible at the 28px the nudge’s offer card shows it: no type under 12px', () => {
    const mark = partnerImage('Sahyadri Co-operative Bank', '#0f766e');
    expect(smallestTypeAt(mark, 28)).toBeGreaterThanOrEqual(12);
    expect(mark).toContain(`width="${PARTNER_MARK_PX}" height="${PARTNER_MARK_PX}"`);
  });

  it('shows the initials and names the lender in its title and label, escaped', () => {
    const mark = partnerImage('Kosh & Sons Bank', 'not-a-colour');
    expect(mark).toMatch(/<text[^>]*>KS<\/text>/);
    expect(mark).toContain('<title>Kosh &#38; Sons Bank</title>');
    expect(mark).toContain('aria-label="Kosh &#38; Sons Bank"');
    expect(mark).toContain('fill="#1f2937"');
  });
});
