/**
 * Reads a Server-Sent Events stream (HTML Living Standard §9.2.6, the `data:` lines of each event)
 * with fetch, so the call can carry headers (an EventSource cannot). Resolves when the stream ends
 * (the server closes it after a while, or `signal` aborts); rejects when it cannot be opened.
 */
export async function readEventStream(
  url: string,
  headers: Record<string, string>,
  onData: (data: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal,
    cache: 'no-store',
  });
  if (!response.ok || !response.body) {
    const error = new Error(`stream answered ${response.status}`) as Error & { httpStatus: number };
    error.httpStatus = response.status;
    throw error;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data) onData(data);
    }
  }
}
