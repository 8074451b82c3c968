import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { MY_ACCOUNT_ROUTES } from '@pravesh/core/my-account/routes.ts';
import type { CustomerDetails, MyAccountSession } from '@pravesh/core/my-account/schemas.ts';
import type { ApiError, CallOptions, HttpMethod } from '../lib/http.ts';
import type { Services } from './services.ts';

export interface ApiArgs extends CallOptions {
  method?: HttpMethod;
  path: string;
}

export interface ApiFailure {
  statusCode: string;
  httpStatus: number;
  body: unknown;
}

/** RTK Query over the one HTTP helper (spec 001 §7): retries and API_ERROR are the helper's. */
const helperQuery: BaseQueryFn<ApiArgs, unknown, ApiFailure> = async (args, api) => {
  const services = api.extra as Services | undefined;
  if (!services) return { error: { statusCode: 'notConfigured', httpStatus: 0, body: undefined } };
  const { method = 'POST', path, ...options } = args;
  try {
    return { data: await services.http.call(method, path, options) };
  } catch (error) {
    const failure = error as ApiError;
    return { error: { statusCode: failure.statusCode, httpStatus: failure.httpStatus, body: failure.body } };
  }
};

/**
 * The calls the shell makes. Feature endpoints (scores, offers, leads) are injected by their
 * features with api.injectEndpoints, so this file does not grow with every screen.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: helperQuery,
  // Customer data is not kept once no screen shows it.
  keepUnusedDataFor: 60,
  endpoints: (build) => ({
    session: build.query<MyAccountSession, void>({ query: () => ({ path: MY_ACCOUNT_ROUTES.session, body: {} }) }),
    customerDetails: build.query<CustomerDetails, string>({
      query: (customerId) => ({ path: MY_ACCOUNT_ROUTES.getCustomerDetails, body: { customerId } }),
    }),
  }),
});

export const { useCustomerDetailsQuery } = api;
