/**
 * A strict `multipart/form-data` reader for tests: it checks the framing a server would rely on (the boundary
 * from the `Content-Type`, CRLF line ends, the closing delimiter) and returns each part's headers and raw bytes.
 */
export interface MultipartPart {
  /** Header names lower-cased. */
  headers: Record<string, string>;
  name: string | undefined;
  filename: string | undefined;
  contentType: string | undefined;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new Error(`No boundary in Content-Type: ${contentType}`);
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  if (!body.subarray(0, delimiter.length).equals(delimiter))
    throw new Error("The body does not start with the boundary.");

  const parts: MultipartPart[] = [];
  let position = delimiter.length;
  for (;;) {
    const rest = body.subarray(position, position + 2).toString("latin1");
    if (rest === "--") {
      if (body.subarray(position + 2).toString("latin1") !== "\r\n")
        throw new Error("Bytes after the closing boundary.");
      return parts;
    }
    if (rest !== "\r\n") throw new Error(`Expected CRLF after the boundary at byte ${position}.`);
    const headEnd = body.indexOf("\r\n\r\n", position + 2);
    if (headEnd < 0) throw new Error("A part has no end of headers.");
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), headEnd + 4);
    if (next < 0) throw new Error("A part is not followed by a boundary.");
    const headers: Record<string, string> = {};
    for (const line of body
      .subarray(position + 2, headEnd)
      .toString("utf8")
      .split("\r\n")) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const disposition = headers["content-disposition"] ?? "";
    parts.push({
      headers,
      name: /\bname="([^"]*)"/.exec(disposition)?.[1],
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      contentType: headers["content-type"],
      data: body.subarray(headEnd + 4, next),
    });
    position = next + 2 + delimiter.length;
  }
}
