/**
 * PGlite serves one process: a second process opening the same folder neither sees the server's
 * writes nor is seen by it, and the two overwrite each other's pages. The operator commands
 * (npm run contract, npm run pii) therefore refuse on the embedded database while an API answers
 * at PRAVESH_PUBLIC_URL (override with --force when that server uses another folder).
 */
export async function serverAnswers(publicUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(1500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
