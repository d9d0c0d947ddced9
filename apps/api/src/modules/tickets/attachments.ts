import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import '@fastify/multipart';
import type { AttachmentRules } from '@portaal/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldError, onePerField } from '../../lib/app-error.ts';

/** One uploaded file, checked and ready to store. */
export interface Upload {
  fileName: string;
  contentType: string;
  content: Buffer;
  size: number;
  sha256: string;
}

const MAX_NAME_LENGTH = 150;

/**
 * A file name safe to store and to send back in Content-Disposition: the last path segment only,
 * without control, bidi-format or reserved characters, single spaces, no leading dots, at most 150
 * characters with the extension kept, and `attachment.<ext>` when nothing of the name is left.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters (C0, DEL, C1) and format characters such as U+202E, which can make
    // "invoice\u202Efdp.exe" look like "invoiceexe.pdf".
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const rawExtension = dot >= 0 ? cleaned.slice(dot + 1).trim() : '';
  const extension = /^[\p{L}\p{N}]{1,16}$/u.test(rawExtension) ? rawExtension : '';
  let stem = (extension ? cleaned.slice(0, dot) : cleaned)
    .replace(/^[\s.]+/, '')
    // Windows drops trailing dots and spaces, which would change the extension on a download.
    .replace(/[\s.]+$/, '');
  if (stem === '') stem = 'attachment';
  const suffix = extension ? `.${extension}` : '';
  const room = MAX_NAME_LENGTH - [...suffix].length;
  const stemChars = [...stem];
  if (stemChars.length > room) stem = stemChars.slice(0, room).join('').trimEnd();
  return `${stem}${suffix}`;
}

/** Lower-case extension of a sanitised name, '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

const signatures = {
  pdf: [Buffer.from('%PDF-', 'latin1')],
  png: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpeg: [Buffer.from([0xff, 0xd8, 0xff])],
  gif: [Buffer.from('GIF87a', 'latin1'), Buffer.from('GIF89a', 'latin1')],
  // A zip starts with a local file header, or is empty (end of central directory only).
  zip: [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])],
} as const;

/** Starts of binary files that must not pass as text: the types above plus executables. */
const binaryStarts: readonly Buffer[] = [
  ...Object.values(signatures).flat(),
  Buffer.from('MZ', 'latin1'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
];

type Kind = keyof typeof signatures | 'text' | 'other';

interface TypeRule {
  contentType: string;
  kind: Kind;
}

/** The stored content type follows from the extension, never from what the client claims. */
const typeRules: Record<string, TypeRule> = {
  pdf: { contentType: 'application/pdf', kind: 'pdf' },
  png: { contentType: 'image/png', kind: 'png' },
  jpg: { contentType: 'image/jpeg', kind: 'jpeg' },
  jpeg: { contentType: 'image/jpeg', kind: 'jpeg' },
  gif: { contentType: 'image/gif', kind: 'gif' },
  zip: { contentType: 'application/zip', kind: 'zip' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'zip',
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'zip' },
  txt: { contentType: 'text/plain', kind: 'text' },
  log: { contentType: 'text/plain', kind: 'text' },
  csv: { contentType: 'text/csv', kind: 'text' },
  json: { contentType: 'application/json', kind: 'text' },
  xml: { contentType: 'application/xml', kind: 'text' },
  md: { contentType: 'text/markdown', kind: 'text' },
};

/** Content type stored for an extension; extensions configured without a rule are opaque bytes. */
export function contentTypeFor(extension: string): string {
  return typeRules[extension]?.contentType ?? 'application/octet-stream';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8Text(content: Buffer): boolean {
  if (content.includes(0)) return false;
  if (binaryStarts.some((start) => content.subarray(0, start.length).equals(start))) return false;
  try {
    utf8.decode(content);
    return true;
  } catch {
    return false;
  }
}

/** Whether the bytes are what the extension says (magic bytes; text must be UTF-8 without NUL). */
export function contentMatchesExtension(extension: string, content: Buffer): boolean {
  const kind = typeRules[extension]?.kind ?? 'other';
  if (kind === 'other') return true;
  if (kind === 'text') return isUtf8Text(content);
  return signatures[kind].some((start) => content.subarray(0, start.length).equals(start));
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Each refusal names its particulars in `params` too, for the client's text in the user's language. */
export const attachmentErrors = {
  tooMany: (max: number) =>
    new AppError(
      'ATTACHMENT_TOO_MANY',
      400,
      `At most ${max} files can be attached to one message.`,
      undefined,
      { max },
    ),
  tooLarge: (maxBytes: number) =>
    new AppError(
      'ATTACHMENT_TOO_LARGE',
      400,
      `The attachments together exceed the limit of ${megabytes(maxBytes)}.`,
      undefined,
      { max: megabytes(maxBytes) },
    ),
  typeNotAllowed: (file: string, rules: AttachmentRules) =>
    new AppError(
      'ATTACHMENT_TYPE_NOT_ALLOWED',
      400,
      `"${file}" is not an allowed type of file; allowed are ${rules.extensions.join(', ')}.`,
      undefined,
      { file, allowed: rules.extensions.join(', ') },
    ),
  empty: (file: string) => new AppError('ATTACHMENT_EMPTY', 400, `"${file}" is empty.`, undefined, { file }),
  mismatch: (file: string, extension: string) =>
    new AppError(
      'ATTACHMENT_CONTENT_MISMATCH',
      400,
      `The content of "${file}" is not a .${extension} file; rename it to its real type or attach another file.`,
      undefined,
      { file, extension },
    ),
};

/**
 * Checks one received file and returns it ready to store. The name is sanitised first, so the rules
 * apply to the name that would be stored.
 */
export function checkUpload(rawName: string, content: Buffer, rules: AttachmentRules): Upload {
  const fileName = sanitizeFileName(rawName);
  const extension = extensionOf(fileName);
  if (!rules.extensions.includes(extension)) throw attachmentErrors.typeNotAllowed(fileName, rules);
  if (content.length === 0) throw attachmentErrors.empty(fileName);
  if (!contentMatchesExtension(extension, content)) throw attachmentErrors.mismatch(fileName, extension);
  return {
    fileName,
    contentType: contentTypeFor(extension),
    content,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

// ——— multipart/form-data ———

/** The field that carries files; every other file field is refused. */
export const ATTACHMENT_FIELD = 'attachments';

/** Room for the text fields next to the files: the longest body (20,000 characters) in UTF-8. */
const MAX_FIELD_BYTES = 128 * 1024;
const MAX_FIELDS = 10;

/** Busboy limits for the ticket routes, so a hostile request cannot make the parser hold much. */
export function multipartLimits(rules: AttachmentRules) {
  return {
    fieldNameSize: 100,
    fieldSize: MAX_FIELD_BYTES,
    fields: MAX_FIELDS,
    // One byte over the total, so our own running total notices first and names the limit.
    fileSize: rules.maxTotalBytes + 1,
    files: rules.maxFiles,
    parts: rules.maxFiles + MAX_FIELDS,
    headerPairs: 20,
  };
}

const payloadTooLarge = (detail: string) => new AppError('PAYLOAD_TOO_LARGE', 413, detail);
const malformed = () =>
  new AppError('BAD_REQUEST', 400, 'The multipart/form-data body is malformed or incomplete.');

/** Maps the multipart parser's own errors to problems; anything unknown is a malformed body, not a 500. */
function multipartProblem(error: unknown, rules: AttachmentRules): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return attachmentErrors.tooMany(rules.maxFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return attachmentErrors.tooLarge(rules.maxTotalBytes);
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge(`The form has more than ${MAX_FIELDS} fields.`);
    case 'FST_PARTS_LIMIT':
      return payloadTooLarge('The form has too many parts.');
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', 400, 'A form field has a name that is not allowed.');
    default:
      return malformed();
  }
}

/**
 * After a refusal the rest of the upload is read and dropped (never kept), so the client gets to
 * read the answer instead of a reset connection; past `cap` more bytes the connection is cut.
 */
function discardRest(raw: IncomingMessage, cap: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > cap) raw.destroy();
  });
  raw.resume();
}

export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return onePerField(
    error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    })),
  );
}

/** The same problem Fastify's body validation gives, for fields that arrived as multipart. */
export function bodyValidationError(error: z.ZodError): AppError {
  const errors = zodFieldErrors(error);
  const first = errors[0];
  return new AppError(
    'VALIDATION_FAILED',
    400,
    first ? `body field ${first.field} ${first.message}` : 'The request is not valid.',
    errors,
  );
}

export interface MultipartBody<T> {
  fields: T;
  files: Upload[];
}

/**
 * Reads a multipart/form-data request as it streams: text fields are validated with `schema`, files
 * (field "attachments") are checked one by one against the rules — extension before any byte is
 * read, the running total while reading, emptiness and content when a file is complete. Nothing is
 * held beyond the configured total. `beforeFiles` runs once the fields are known (at the first
 * file, when the fields already validate), so a request that will be refused anyway is refused
 * before its uploads are read.
 */
export async function readMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  rules: AttachmentRules,
  beforeFiles?: (fields: z.output<S>) => Promise<void>,
): Promise<MultipartBody<z.output<S>>> {
  const fields: Record<string, unknown> = {};
  const files: Upload[] = [];
  let total = 0;
  let checkedEarly = false;
  // A refusal (or a failure) of the early check is passed on as it is, not as a malformed body.
  let checkFailure: { error: unknown } | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits(rules) })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw payloadTooLarge(`The form field ${part.fieldname.slice(0, 100)} is too long.`);
        }
        if (part.fieldname in fields) {
          throw new AppError('BAD_REQUEST', 400, `The form field ${part.fieldname} is sent more than once.`);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== ATTACHMENT_FIELD) {
        throw new AppError('BAD_REQUEST', 400, `Files are accepted only in the field "${ATTACHMENT_FIELD}".`);
      }
      if (!checkedEarly && beforeFiles) {
        checkedEarly = true;
        const early = schema.safeParse(fields);
        if (early.success) {
          await beforeFiles(early.data).catch((error: unknown) => {
            checkFailure = { error };
            throw error;
          });
        }
      }
      if (files.length >= rules.maxFiles) throw attachmentErrors.tooMany(rules.maxFiles);
      const name = sanitizeFileName(part.filename ?? '');
      if (!rules.extensions.includes(extensionOf(name))) throw attachmentErrors.typeNotAllowed(name, rules);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > rules.maxTotalBytes) throw attachmentErrors.tooLarge(rules.maxTotalBytes);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw attachmentErrors.tooLarge(rules.maxTotalBytes);
      files.push(checkUpload(part.filename ?? '', Buffer.concat(chunks), rules));
    }
  } catch (error) {
    discardRest(request.raw, rules.maxTotalBytes);
    throw checkFailure ? checkFailure.error : multipartProblem(error, rules);
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw bodyValidationError(parsed.error);
  if (!checkedEarly && beforeFiles) await beforeFiles(parsed.data);
  return { fields: parsed.data, files };
}
