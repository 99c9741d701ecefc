/** A response body read up to a limit. */
export interface BoundedBody {
  bytes: Uint8Array;
  /** True when the body had more than the limit; the rest was not downloaded. */
  truncated: boolean;
}

/**
 * Reads at most `limit` bytes of a response and cancels the rest of the download, so an endless or huge body
 * costs neither memory nor time.
 */
export async function readBounded(response: Response, limit: number): Promise<BoundedBody> {
  if (!response.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { bytes: new Uint8Array(Buffer.concat(chunks, size)), truncated };
}
