import { DATA_RIGHTS_ROUTES } from '@pravesh/core/data-rights/routes.ts';
import type { AccountDeletionResponse, DataExportFile, DataExportResponse } from '@pravesh/core/data-rights/schemas.ts';
import type { Http } from '../../lib/http.ts';
import { api } from '../../app/api.ts';

/** DPDP Act 2023 §11 export and §12 deletion (modules/data-rights). */
export const dataRightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dataExport: build.query<DataExportResponse, void>({
      query: () => ({ method: 'GET', path: DATA_RIGHTS_ROUTES.dataExport }),
    }),
    requestExport: build.mutation<DataExportResponse, void>({
      query: () => ({ method: 'POST', path: DATA_RIGHTS_ROUTES.dataExport, body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(dataRightsApi.util.upsertQueryData('dataExport', undefined, data));
      },
    }),
    accountDeletion: build.query<AccountDeletionResponse, void>({
      query: () => ({ method: 'GET', path: DATA_RIGHTS_ROUTES.accountDeletion }),
    }),
    requestDeletion: build.mutation<AccountDeletionResponse, void>({
      query: () => ({ method: 'POST', path: DATA_RIGHTS_ROUTES.accountDeletion, body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(dataRightsApi.util.upsertQueryData('accountDeletion', undefined, data));
      },
    }),
    cancelDeletion: build.mutation<AccountDeletionResponse, void>({
      query: () => ({ method: 'POST', path: DATA_RIGHTS_ROUTES.accountDeletionCancel, body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(dataRightsApi.util.upsertQueryData('accountDeletion', undefined, data));
      },
    }),
  }),
});

export const {
  useDataExportQuery,
  useRequestExportMutation,
  useAccountDeletionQuery,
  useRequestDeletionMutation,
  useCancelDeletionMutation,
} = dataRightsApi;

/** The export file through the one HTTP helper (JSON envelope, base64), as the invoice PDF. */
export async function fetchExportFile(http: Http, downloadPath: string): Promise<{ fileName: string; blob: Blob }> {
  const url = new URL(downloadPath, 'https://x.invalid');
  const reply = await http.call<DataExportFile>('GET', url.pathname, {
    query: { link: url.searchParams.get('link') ?? '' },
  });
  const bytes = Uint8Array.from(atob(reply.dataBase64), (char) => char.charCodeAt(0));
  return { fileName: reply.fileName, blob: new Blob([bytes], { type: reply.contentType }) };
}

export { saveFile } from '../../lib/save-file.ts';
