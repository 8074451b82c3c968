import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** Open Sans's vertical metrics (hhea), in font units of a 2048-unit em. */
const OPEN_SANS = { unitsPerEm: 2048, ascender: 2189, descender: 600 };

const css = await readFile(new URL('../../open-sans-fallback.css', import.meta.url), 'utf8');
const faces = [...css.matchAll(/@font-face \{([^}]+)\}/g)].map(([, body]) => {
  // Prettier may fold a long src list over lines: whitespace is read as one space.
  const descriptor = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body!)?.[1]?.replace(/\s+/g, ' ');
  const percent = (name: string) => Number.parseFloat(descriptor(name)!) / 100;
  return {
    family: descriptor('font-family'),
    weight: Number(descriptor('font-weight')),
    src: descriptor('src')!,
    sizeAdjust: percent('size-adjust'),
    ascent: percent('ascent-override'),
    descent: percent('descent-override'),
    lineGap: percent('line-gap-override'),
  };
});

describe('Open Sans Fallback', () => {
  it('declares a face for each weight the pages use, from Arial or its metric twins', () => {
    expect(faces.map((face) => [face.family, face.weight])).toEqual([
      ["'Open Sans Fallback'", 400],
      ["'Open Sans Fallback'", 600],
      ["'Open Sans Fallback'", 700],
    ]);
    for (const face of faces) {
      expect(face.src).toMatch(/^local\('Arial( Bold)?'\)/);
      expect(face.src).toContain('Liberation Sans');
    }
  });

  it("gives each face Open Sans's ascent and descent once size-adjust has scaled them", () => {
    for (const face of faces) {
      // The overrides are scaled by size-adjust (CSS Fonts 5), so the used ascent is their product.
      expect(face.ascent * face.sizeAdjust).toBeCloseTo(OPEN_SANS.ascender / OPEN_SANS.unitsPerEm, 3);
      expect(face.descent * face.sizeAdjust).toBeCloseTo(OPEN_SANS.descender / OPEN_SANS.unitsPerEm, 3);
      expect(face.lineGap).toBe(0);
      // Within a few per cent of Arial's own width: a wrong sign or a percent typed as 10× shows here.
      expect(face.sizeAdjust).toBeGreaterThan(0.95);
      expect(face.sizeAdjust).toBeLessThan(1.05);
    }
  });
});
