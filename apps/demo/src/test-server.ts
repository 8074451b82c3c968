import { createDemoServer, type DemoServer, type DemoServerOptions } from './serve.ts';

/**
 * A demo site for a test, on an ephemeral port, without request logs: demo site A (the homepage,
 * site 2) against a local API unless the test says otherwise.
 */
export function testDemoServer(options: Partial<DemoServerOptions> = {}): Promise<DemoServer> {
  return createDemoServer({
    port: 0,
    host: '127.0.0.1',
    siteId: 2,
    siteName: 'Homepage',
    apiUrl: 'http://localhost:4000',
    logger: false,
    ...options,
  });
}
