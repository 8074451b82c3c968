import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { ProductCategory } from '@pravesh/core/add-ons/products.ts';
import { useServices } from '../../app/services.ts';
import { useProductListQuery } from './api.ts';
import './products.css';

const CATEGORY_NAMES: Readonly<Record<ProductCategory, string>> = {
  LOANS: 'Loans',
  CARDS: 'Credit cards',
  INVESTMENTS: 'Savings and investments',
  INSURANCE: 'Insurance',
};
const CATEGORIES: readonly ProductCategory[] = ['LOANS', 'CARDS', 'INVESTMENTS', 'INSURANCE'];

/** Only http(s) links leave the page. */
const safeLink = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/**
 * "Explore Kosh": the product tiles of spec 001 §9, each opening its product's page by its redirect
 * key (productCC, productPL, …, the six insurance keys). Grouped by kind, keyboard-usable links.
 */
export function ProductsSection() {
  const services = useServices();
  const products = useProductListQuery();
  let body;
  if (products.isLoading) {
    body = (
      <SkeletonGroup label="Loading products…" className="ma-products">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} shape="rect" height={64} />
        ))}
      </SkeletonGroup>
    );
  } else if (products.isError) {
    body = <p className="ma-muted">We couldn’t load our products just now. Please try again later.</p>;
  } else if (!products.data || products.data.products.length === 0) {
    body = <p className="ma-muted">No products are available in your area right now.</p>;
  } else {
    const list = products.data.products;
    body = CATEGORIES.map((category) => {
      const tiles = list.filter((product) => product.category === category && safeLink(product.url));
      if (tiles.length === 0) return null;
      const headingId = `products-${category.toLowerCase()}`;
      return (
        <div key={category} className="ma-products-group">
          <h3 id={headingId}>{CATEGORY_NAMES[category]}</h3>
          <ul className="ma-products" role="list" aria-labelledby={headingId}>
            {tiles.map((product) => (
              <li key={product.redirectKey}>
                <a
                  className="ma-product"
                  href={product.url}
                  data-redirect-key={product.redirectKey}
                  onClick={() =>
                    services.analytics.track({
                      action: 'clicked',
                      category: 'product tile',
                      label: product.redirectKey,
                      page: 'dashboard',
                    })
                  }
                >
                  <strong>{product.name}</strong>
                  <span>{product.tagline}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      );
    });
  }
  return (
    <section id="explore" className="ma-card ma-section" aria-labelledby="explore-title">
      <div className="ma-section-head">
        <h2 id="explore-title">Explore Kosh</h2>
      </div>
      {body}
    </section>
  );
}
