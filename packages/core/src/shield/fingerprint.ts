import { MAX_SCREEN_HEIGHT, MAX_SCREEN_WIDTH } from '../constants.ts';
import type { DeviceComponents, DevicePayload } from './schemas.ts';
import { sha256Hex } from './crypto.ts';

/** Screen size is capped at 7681 × 4321 (spec 000 §3) so outliers do not make unique prints. */
export function capScreen(width: number, height: number): { screenWidth: number; screenHeight: number } {
  const clamp = (value: number, max: number) =>
    Number.isFinite(value) ? Math.min(Math.max(Math.round(value), 0), max) : 0;
  return { screenWidth: clamp(width, MAX_SCREEN_WIDTH), screenHeight: clamp(height, MAX_SCREEN_HEIGHT) };
}

/** Stable serialisation: keys sorted so the same device always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function hashDevice(components: DeviceComponents): Promise<DevicePayload> {
  return { hash: await sha256Hex(canonicalJson(components)), components };
}
