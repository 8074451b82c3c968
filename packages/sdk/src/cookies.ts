/**
 * Cookie access behind a two-method jar, so the visitor record and the purge can be tested
 * without a browser and a page can hand its snapshot to a worker (workers have no document.cookie).
 */
export interface CookieJar {
  /** The page's cookie string ("a=1; b=2"), as document.cookie reads. */
  read(): string;
  /** One Set-Cookie-style assignment, as document.cookie takes it. */
  write(cookie: string): void;
}

export interface Cookie {
  name: string;
  value: string;
}

/** document.cookie, or a jar that holds nothing where there is no document (workers, Node). */
export function documentCookieJar(): CookieJar {
  return {
    read: () => (typeof document === 'undefined' ? '' : document.cookie),
    write: (cookie) => {
      if (typeof document !== 'undefined') document.cookie = cookie;
    },
  };
}

/** Every cookie of a cookie string, in order (a name set on several paths appears several times). */
export function parseCookies(header: string): Cookie[] {
  const cookies: Cookie[] = [];
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    const name = (separator === -1 ? '' : pair.slice(0, separator)).trim();
    if (name === '') continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.push({ name, value });
  }
  return cookies;
}

export function readCookie(jar: CookieJar, name: string): string | undefined {
  return parseCookies(jar.read()).find((cookie) => cookie.name === name)?.value;
}

export interface CookieAttributes {
  maxAgeSeconds: number;
  path?: string;
  domain?: string | undefined;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Max-Age=${attributes.maxAgeSeconds}`];
  // A deletion also carries a past Expires: some cookie stores (happy-dom among them) ignore Max-Age=0.
  if (attributes.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  parts.push(`Path=${attributes.path ?? '/'}`);
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`SameSite=${attributes.sameSite ?? 'Lax'}`);
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Expires a cookie wherever a script may have set it: the page's host and each parent domain,
 * on the root path and on each prefix of the page's path. A browser ignores the combinations
 * that never held it. Answers whether the name is gone.
 */
export function deleteCookie(jar: CookieJar, name: string, where: { hostname: string; pathname: string }): boolean {
  const labels = where.hostname.split('.');
  const domains: (string | undefined)[] = [undefined];
  for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  const paths = ['/'];
  const segments = where.pathname.split('/').filter(Boolean);
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join('/')}`);
  for (const domain of domains) {
    for (const path of paths) jar.write(serializeCookie(name, '', { maxAgeSeconds: 0, path, domain }));
  }
  return readCookie(jar, name) === undefined;
}

/**
 * A jar that keeps cookies by name in memory, honouring Max-Age=0 as a deletion: for tests, and
 * for hosts without a document. Domain and path are not modelled.
 */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { writes: string[] } {
  const cookies = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    read: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    write(cookie) {
      writes.push(cookie);
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(separator + 1).trim());
    },
  };
}
