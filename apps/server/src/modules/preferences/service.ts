import type { PreferenceBody, PreferencesResponse } from '@pravesh/core';
import type { PreferencesRow, PreferencesStore } from './store.ts';

/** spec 001 §3 user slice: preferencesData and preferencesActionCount (each counter starts at 0). */
function toResponse(row: PreferencesRow | undefined): PreferencesResponse {
  return {
    preferencesData: {
      sms: row?.sms ?? true,
      call: row?.call ?? true,
      whatsApp: row?.whatsApp ?? true,
      email: row?.email ?? true,
    },
    preferencesActionCount: {
      sms: row?.smsActionCount ?? 0,
      call: row?.callActionCount ?? 0,
      whatsApp: row?.whatsAppActionCount ?? 0,
      email: row?.emailActionCount ?? 0,
    },
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function createPreferencesService({ store, now }: { store: PreferencesStore; now: () => number }) {
  return {
    async preferences(customerId: string): Promise<PreferencesResponse> {
      return toResponse(await store.get(customerId));
    },
    async change(customerId: string, body: PreferenceBody): Promise<PreferencesResponse> {
      return toResponse(await store.change(customerId, body, new Date(now())));
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
