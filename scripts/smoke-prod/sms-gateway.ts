/**
 * The SMS gateway of the production smoke (scripts/smoke-prod.sh): production refuses the outbox
 * simulator, so the instances send their codes as they would to a real gateway, over the http
 * provider's webhook (providers/sms/http.ts: POST {to, text, templateId} with a bearer token). This
 * stands in for the gateway, the outside party: it checks the token and appends each message as one
 * JSON line to the file the journey reads its codes from.
 *
 *   tsx scripts/smoke-prod/sms-gateway.ts <port> <messages file>   (token in SMOKE_SMS_TOKEN)
 */
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, messagesFile] = process.argv.slice(2);
const token = process.env.SMOKE_SMS_TOKEN;
if (!port || !messagesFile || !token) {
  console.error('usage: SMOKE_SMS_TOKEN=… tsx scripts/smoke-prod/sms-gateway.ts <port> <messages file>');
  process.exit(2);
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401).end();
      return;
    }
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
    appendFileSync(messagesFile, `${JSON.stringify({ to: message.to, text: message.text })}\n`);
    response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
  });
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
