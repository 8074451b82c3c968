import { afterAll, vi } from 'vitest';

/**
 * Vitest setup for every test file (vitest.config.ts `setupFiles`), which may share its worker with
 * the files before and after it (vitest.config.ts NEEDS_ISOLATION).
 *
 * After the file: real timers, spied-on methods and stubbed globals back as they were, whether or
 * not the file's own hooks undid them (a test that failed between a spy and its restore).
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * Before the file, its page. A happy-dom test file that does
 * not need a module registry of its own shares its worker's loaded modules and, with them, the
 * worker's happy-dom window (`isolate: false`). Each such file starts here from the page an
 * isolated file gets: vitest's default address with none of its cookies, empty storage, an empty
 * document and no pending timers or requests of the file before it. Node-environment files have no
 * window and skip it.
 */
const HAPPY_DOM_DEFAULT_URL = 'http://localhost:3000/';

/** The parts of happy-dom's window this reset touches (scripts/ is type-checked without the DOM library). */
interface HappyDomPage {
  happyDOM?: { abort(): Promise<void>; setURL(url: string): void };
  document: {
    cookie: string;
    title: string;
    head: { replaceChildren(): void };
    body: { replaceChildren(): void };
  };
  localStorage: { clear(): void };
  sessionStorage: { clear(): void };
}

const page = globalThis as unknown as Partial<HappyDomPage>;
if (page.happyDOM && page.document && page.localStorage && page.sessionStorage) {
  const { document } = page;
  await page.happyDOM.abort();
  page.happyDOM.setURL(HAPPY_DOM_DEFAULT_URL);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=', 1)[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  page.localStorage.clear();
  page.sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
}
