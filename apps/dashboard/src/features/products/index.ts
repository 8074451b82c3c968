/** The products feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { ProductsSection } from './products-section.tsx';
export { useProductListQuery } from './api.ts';
