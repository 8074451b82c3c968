import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/client.ts';
import { createConsentStore } from '../modules/consent/store.ts';
import { prepareMigratedDataDir } from '../test/migrated.ts';
import { main, type CliIo } from './contract.ts';

/** The operator command on a real PGlite folder, as `npm run contract` runs it. */
describe('npm run contract', () => {
  let dir: string;
  const NOW = Date.UTC(2026, 10, 21, 9, 0, 0);
  const NO_SERVER = 'http://127.0.0.1:9';

  async function run(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (line) => void out.push(line),
      err: (line) => void err.push(line),
      env: {
        PRAVESH_ENV: 'local',
        PRAVESH_DATA_DIR: path.join(dir, 'data'),
        // Nothing listens there: a developer's own server on :4000 must not make the command refuse.
        PRAVESH_PUBLIC_URL: NO_SERVER,
        USER: 'asha',
        ...env,
      },
      now: () => NOW,
    };
    const code = await main(args, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function versions(contractId: string) {
    const handle = createDb({ dataDir: path.join(dir, 'data') });
    try {
      const store = createConsentStore(handle.db);
      return { latest: await store.latestVersion(contractId), list: await store.listContracts() };
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pravesh-contract-cli-'));
    await prepareMigratedDataDir(path.join(dir, 'data'));
    await prepareMigratedDataDir(path.join(dir, 'spawned'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses at once, naming the holder, while another process has the data folder open, even with --force', async () => {
    // The server (here, this process) holds the folder; the command is a second process on it.
    const server = createDb({ dataDir: path.join(dir, 'data') });
    try {
      const { code, err } = await run(['list', '--force']);
      expect(code).toBe(1);
      expect(err).toContain(`is in use by pid ${process.pid} (`);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('lists the seeded contracts with their latest versions', async () => {
    const { code, out } = await run(['list']);
    expect(code).toBe(0);
    expect(out).toContain(
      'pb-tnc-main\tv1 2026-11-21T09:00:00.000Z\tTerms of Use, Privacy Policy and Credit Report Terms',
    );
    expect(out).toContain('pb-tnc-homepage\tv1 2026-11-21T09:00:00.000Z\tKosh Terms of Use (site 2)');
    expect(out).toContain('pb-data-rights\tv1 2026-11-28T00:00:00.000Z');
    // The seeded demo contracts and the product's own data-rights one (migration 0028).
    expect(out.split('\n')).toHaveLength(25);
  }, 60_000);

  it('publishes the next version from a file and from --text', async () => {
    const file = path.join(dir, 'terms-v2.html');
    writeFileSync(file, '<p>We have updated our <a href="https://www.example.in/legal/terms">Terms of Use</a>.</p>\n');
    const fromFile = await run(['publish', '--contract', 'pb-tnc-homepage', '--file', file]);
    expect(fromFile).toMatchObject({ code: 0, err: '' });
    expect(fromFile.out).toMatch(/^published pb-tnc-homepage v2 \(\d+ bytes\) at 2026-11-21T09:00:00.000Z$/);
    const fromText = await run(['publish', '--contract', 'pb-tnc-homepage', '--text', '<p>Third</p>', '--by', 'legal']);
    expect(fromText.code).toBe(0);
    expect(fromText.out).toContain('v3');
    const { latest } = await versions('pb-tnc-homepage');
    expect(latest).toMatchObject({ version: 3, markup: '<p>Third</p>', publishedBy: 'legal' });
    // Restarting (seeding again) leaves the published versions latest.
    expect((await run(['list'])).out).toContain('pb-tnc-homepage\tv3');
  });

  it('creates a contract, which then takes versions from 1', async () => {
    expect((await run(['publish', '--contract', 'pb-new-terms', '--text', '<p>x</p>'])).err).toBe(
      'error: unknown contract: pb-new-terms (npm run contract -- list shows them)',
    );
    expect((await run(['create', '--contract', 'pb-new-terms', '--title', 'New terms', '--site', '7'])).code).toBe(0);
    expect((await run(['publish', '--contract', 'pb-new-terms', '--text', '<p>x</p>'])).out).toContain('v1');
    expect((await run(['create', '--contract', 'pb-new-terms', '--title', 'Again'])).err).toBe(
      'error: contract pb-new-terms already exists',
    );
  });

  describe('refusals', () => {
    // Read once around all of them rather than around each: every read opens the PGlite folder.
    let before: Awaited<ReturnType<typeof versions>>;
    beforeAll(async () => {
      before = await versions('pb-tnc-main');
    });

    it.each([
      [
        ['publish', '--contract', 'no-such-contract', '--text', '<p>x</p>'],
        'error: unknown contract: no-such-contract',
      ],
      [['publish', '--contract', 'pb-tnc-main', '--text', '   \n'], 'error: the markup is empty: nothing to publish'],
      [
        ['publish', '--contract', 'pb-tnc-main', '--file', '/nonexistent/terms.html'],
        'error: file not found: /nonexistent/terms.html',
      ],
      [
        ['publish', '--contract', 'pb-tnc-main'],
        'error: publish needs exactly one of --file <markup.html> or --text "<markup>"',
      ],
      [['publish', '--text', '<p>x</p>'], 'error: --contract <id> is required'],
      [['publish', '--contract', 'bad id!', '--text', '<p>x</p>'], 'error: "bad id!" is not a contract id'],
      [['retract', '--contract', 'pb-tnc-main'], 'unknown command: retract'],
      [['publish', '--contract', 'pb-tnc-main', '--colour', 'red'], "Unknown option '--colour'"],
      [[], 'usage: npm run contract -- publish'],
    ])('refuses %j with a clear message and exit code 1', async (args, message) => {
      const { code, err } = await run(args);
      expect(code).toBe(1);
      expect(err).toContain(message);
    });

    it('left every contract and version as it was', async () => {
      expect(await versions('pb-tnc-main')).toEqual(before);
    });
  });

  it('refuses to open the embedded database while an API server answers, unless --force', async () => {
    const api = createServer((request, response) => {
      response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as AddressInfo;
    try {
      const env = { PRAVESH_PUBLIC_URL: `http://127.0.0.1:${port}` };
      const refused = await run(['publish', '--contract', 'pb-tnc-main', '--text', '<p>x</p>'], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`error: an API server answers at http://127.0.0.1:${port}`);
      expect(refused.err).toContain('POST /dev/consent/publish');
      const forced = await run(['publish', '--contract', 'pb-tnc-main', '--text', '<p>x</p>', '--force'], env);
      expect(forced.code).toBe(0);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('runs as the npm script does and exits 1 on an unknown contract', () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const script = fileURLToPath(new URL('./contract.ts', import.meta.url));
    const result = spawnSync(
      process.execPath,
      ['--import', tsx, script, 'publish', '--contract', 'no-such-contract', '--text', '<p>x</p>'],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          PRAVESH_ENV: 'local',
          PRAVESH_DATA_DIR: path.join(dir, 'spawned'),
          PRAVESH_PUBLIC_URL: NO_SERVER,
        },
        encoding: 'utf8',
        timeout: 80_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: unknown contract: no-such-contract');
  }, 90_000);
});
