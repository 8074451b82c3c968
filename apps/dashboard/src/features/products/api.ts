import { ADD_ON_ROUTES } from '@pravesh/core/add-ons/routes.ts';
import type { ProductListResponse } from '@pravesh/core/add-ons/schemas.ts';
import { api } from '../../app/api.ts';

/** spec 001 §7 myAccount/productList (support slice productList): the marketplace's product tiles. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    productList: build.query<ProductListResponse, void>({
      query: () => ({ method: 'GET', path: ADD_ON_ROUTES.productList }),
    }),
  }),
});

export const { useProductListQuery } = productsApi;
