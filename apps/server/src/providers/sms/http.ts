import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './types.ts';

export interface HttpSmsConfig {
  url: string;
  token: string | undefined;
}

/**
 * A gateway behind a JSON webhook: POST {to, text, templateId} with a bearer token. Real gateways
 * (DLT-registered Indian SMS providers) sit behind a small adapter that speaks this.
 */
export function createHttpSmsProvider(
  config: HttpSmsConfig,
  log: FastifyBaseLogger,
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  return {
    kind: 'http',
    async send(message: SmsMessage) {
      const response = await fetchImpl(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify({ to: `+91${message.to}`, text: message.text, templateId: message.templateId }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        log.warn({ sms: { status: response.status, templateId: message.templateId } }, 'SMS gateway refused');
        throw new Error(`SMS gateway answered ${response.status}`);
      }
    },
  };
}
