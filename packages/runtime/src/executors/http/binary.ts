import { ToolError } from "../../results/tool-error.js";

/** Bytes a tool argument carried, with what a `data:` URI said about them. */
export interface DecodedFile {
  bytes: Uint8Array;
  mediaType?: string;
  /** From a `name=` or `filename=` parameter of a `data:` URI, when it has one. */
  filename?: string;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes a file argument: a `data:` URI (`data:image/png;base64,...`, or percent-encoded text without
 * `;base64`) or a bare base64 string (standard or URL-safe alphabet). `what` names the argument in errors.
 */
export function decodeFileArgument(value: unknown, what: string): DecodedFile {
  if (typeof value !== "string") {
    throw new ToolError(
      `${what} must be a base64 string or a data: URI, not ${value === null ? "null" : typeof value}.`,
    );
  }
  if (value.startsWith("data:")) return decodeDataUri(value, what);
  const compact = value.replace(/\s+/g, "");
  if (!BASE64.test(compact)) {
    throw new ToolError(`${what} is neither a data: URI nor base64 (it has characters base64 does not use).`);
  }
  return { bytes: new Uint8Array(Buffer.from(compact, "base64")) };
}

function decodeDataUri(uri: string, what: string): DecodedFile {
  const comma = uri.indexOf(",");
  if (comma < 0) throw new ToolError(`${what} is a data: URI without a comma before its data.`);
  const [type = "", ...params] = uri.slice("data:".length, comma).split(";");
  const isBase64 = params.at(-1)?.toLowerCase() === "base64";
  const data = uri.slice(comma + 1);
  const file: DecodedFile = {
    bytes: isBase64
      ? new Uint8Array(Buffer.from(data.replace(/\s+/g, ""), "base64"))
      : new Uint8Array(Buffer.from(percentDecoded(data, what), "utf8")),
  };
  if (type !== "") file.mediaType = [type, ...params.filter(isMediaTypeParameter)].join(";");
  const name = params.map((p) => /^(?:file)?name=(.*)$/i.exec(p)?.[1]).find((n) => n !== undefined);
  if (name) file.filename = percentDecoded(name, what);
  return file;
}

function percentDecoded(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ToolError(`${what} is a data: URI with a broken percent-encoding (a % not followed by two hex digits).`);
  }
}

/** `charset=` and the like belong to the media type; `base64` and the file name do not. */
function isMediaTypeParameter(param: string): boolean {
  return param.includes("=") && !/^(?:file)?name=/i.test(param);
}
