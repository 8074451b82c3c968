import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../sms/index.ts';
import { createHttpEmailProvider, createOutboxEmailProvider, headerValue, type EmailMessage } from './index.ts';

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

/** A caller that quotes what a customer typed into the subject (CWE-93). */
const injected: EmailMessage = {
  to: 'desk@kosh.example.in\r\nBcc: victim@elsewhere.example',
  subject: 'Card status\r\nBcc: victim@elsewhere.example\n\nInjected body\u0085\u2028',
  text: 'Line one\nLine two',
  templateId: 'support-desk\n',
};

describe('every email provider sends header fields as single lines (CWE-93)', () => {
  it('turns each run of control characters into one space and keeps ordinary text', () => {
    expect(headerValue('a\r\nb\tc\u0000d\u007fe\u0085f\u2028g  h ')).toBe('a b c d e f g h');
    expect(headerValue('[SR-261121-ABC123] Credit Cards: Card status')).toBe(
      '[SR-261121-ABC123] Credit Cards: Card status',
    );
  });

  it('the local outbox keeps the subject and address on one line and the body as written', async () => {
    const store = createOutboxStore();
    await createOutboxEmailProvider({ log: quiet, store }).send(injected);
    expect((await store.list())[0]).toMatchObject({
      to: 'desk@kosh.example.in Bcc: victim@elsewhere.example',
      subject: 'Card status Bcc: victim@elsewhere.example Injected body',
      templateId: 'support-desk',
      text: 'Line one\nLine two',
    });
  });

  describe('the mail webhook', () => {
    const received: Record<string, string>[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push(JSON.parse(body) as Record<string, string>);
        response.writeHead(202).end();
      });
    });
    let url = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('receives header fields without CR, LF or other control characters', async () => {
      await createHttpEmailProvider({ url, token: undefined }, quiet).send(injected);
      const [sent] = received;
      for (const field of ['to', 'subject', 'templateId'] as const) {
        // eslint-disable-next-line no-control-regex -- no control character may reach a header
        expect(sent![field], field).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }
      expect(sent!.text).toBe('Line one\nLine two');
    });
  });
});
