import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { messages } from '@cloud-portal/contract/validation/messages';
import { AppError, isAppError } from '../errors';
import { toFieldErrors, validationError } from './field-errors';
import { validateInput } from './plain-text-validator';

/** A file kept on disk by `readFormWithStoredFiles`. */
export type StoredUpload = {
  /** Relative to the data directory: `{folder}/{32 random hex digits}`. */
  relativePath: string;
  /** The name it was sent with, made safe (see `safeFileName`). */
  originalName: string;
  /** Decided from the bytes. */
  contentType: string;
  size: number;
};

/** How many bytes `file-type` reads to recognise a format. */
const SNIFF_BYTES = 4100;
const MAX_NAME_LENGTH = 200;

/**
 * A sent file name as something safe to show and to put in a Content-Disposition header: the
 * last path segment, without control characters, quotes or backslashes, NFC, at most 200
 * characters; 'file' when nothing is left.
 */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"\\\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Removes stored files (a refused form, a write that did not commit); missing ones are fine. */
export async function discardUploads(dataDir: string, files: readonly StoredUpload[]) {
  await Promise.all(
    files.map((file) => fs.promises.rm(path.join(dataDir, file.relativePath), { force: true })),
  );
}

type StoredFormOptions<T extends z.ZodType> = {
  schema: T;
  /** The form field the files are sent as; files under any other name are refused (400). */
  fileField: string;
  notMultipartMessage: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The types accepted, as `file-type` names them from the bytes. */
  allowedTypes: readonly string[];
  /** Where under `dataDir` the files go. */
  dataDir: string;
  folder: string;
  maxFields: number;
  texts: {
    tooManyFiles: string;
    tooLarge: (fileName: string) => string;
    typeNotAllowed: string;
    empty: string;
  };
};

const fileError = (status: number, field: string, message: string) =>
  new AppError(status, message, { errors: [{ field, message }] });

/**
 * Reads a multipart form whose files are streamed to disk as they arrive, never held in memory:
 * each goes to `dataDir/folder/<random>` through a counter, so one over `maxFileBytes` is refused
 * (413, `texts.tooLarge(name)`) as soon as the parser's limit cuts it, and its partial file is
 * removed; a file past `maxFiles` is 400; each file's type is decided from its first bytes
 * (`file-type`), never from its name or declared type. The text fields are then checked by
 * `schema`. On any refusal every file already stored is removed; on success the caller owns them
 * (`discardUploads` if its own write fails).
 */
export async function readFormWithStoredFiles<T extends z.ZodType>(
  request: FastifyRequest,
  options: StoredFormOptions<T>,
): Promise<{ fields: z.output<T>; files: StoredUpload[] }> {
  if (!request.isMultipart()) throw new AppError(415, options.notMultipartMessage);
  const directory = path.join(options.dataDir, options.folder);
  await fs.promises.mkdir(directory, { recursive: true, mode: 0o700 });
  const stored: StoredUpload[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: options.maxFiles,
        fields: options.maxFields,
        parts: options.maxFiles + options.maxFields,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== options.fileField) {
        file.file.resume();
        throw fileError(400, file.fieldname, messages.badRequest);
      }
      stored.push(await storeOne(file, directory, options));
    }
  } catch (error) {
    await discardUploads(options.dataDir, stored);
    throw asUploadError(error, options);
  }
  const checked = validateInput(options.schema, fields);
  if ('issues' in checked) {
    await discardUploads(options.dataDir, stored);
    throw validationError(
      toFieldErrors(
        checked.issues.map(({ instancePath, message }) => ({ path: instancePath, message })),
      ),
    );
  }
  return { fields: checked.value, files: stored };
}

async function storeOne<T extends z.ZodType>(
  part: MultipartFile,
  directory: string,
  options: StoredFormOptions<T>,
): Promise<StoredUpload> {
  const originalName = safeFileName(part.filename);
  const name = randomBytes(16).toString('hex');
  const relativePath = path.join(options.folder, name);
  const absolute = path.join(directory, name);
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // The parser cuts a file at the limit; this is the second guard, should it ever not.
      if (size > options.maxFileBytes)
        return done(fileError(413, options.fileField, options.texts.tooLarge(originalName)));
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      part.file,
      counter,
      fs.createWriteStream(absolute, { flags: 'wx', mode: 0o600 }),
    );
    if (part.file.truncated)
      throw fileError(413, options.fileField, options.texts.tooLarge(originalName));
    if (size === 0)
      throw fileError(400, options.fileField, `${originalName}: ${options.texts.empty}`);
    const type = await fileTypeFromBuffer(Buffer.concat(head));
    if (!type || !options.allowedTypes.includes(type.mime))
      throw fileError(400, options.fileField, `${originalName}: ${options.texts.typeNotAllowed}`);
    return { relativePath, originalName, contentType: type.mime, size };
  } catch (error) {
    await fs.promises.rm(absolute, { force: true });
    throw error;
  }
}

function asUploadError<T extends z.ZodType>(error: unknown, options: StoredFormOptions<T>) {
  if (isAppError(error)) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_FILES_LIMIT')
    return fileError(400, options.fileField, options.texts.tooManyFiles);
  if (typeof statusCode === 'number' && statusCode !== 400) return error;
  return new AppError(400, messages.uploadUnreadable);
}
