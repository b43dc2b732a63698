/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
/**
 * Reading request bodies with size limits, and recording what was sent in the request log.
 * One RequestBody per request; whatever the handler does not read is drained after the response
 * so keep-alive connections stay usable and the log still shows the body.
 */
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import { HttpError } from './responses';
import { summarizeJsonForLog, type MultipartPartSummary, type RequestLogEntry } from './request-log';

/** Bodies not read by a handler are parsed for the log only up to this size. */
const MAX_DRAIN_PARSE_BYTES = 1024 * 1024;

/** 413 `payload_too_large`; modules that owe another code (e.g. uploads: 400 size_exceeded) catch it. */
export class BodyTooLargeError extends HttpError {
  constructor(readonly limitBytes: number) {
    super(413, 'payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes.`);
  }
}

/** The client went away mid-body; there is nobody left to answer. */
export class ClientAbortedError extends Error {
  constructor() {
    super('The client aborted the request body.');
  }
}

export interface MultipartFileInfo {
  /** Form field name, e.g. 'file'. */
  name: string;
  filename: string;
  contentType: string;
}

export interface MultipartFile extends MultipartFileInfo {
  size: number;
  /** The bytes, unless an `onFile` consumer streamed them away. */
  data: Buffer | null;
}

export interface MultipartOptions {
  /** Total file bytes allowed; beyond it the read fails with BodyTooLargeError. */
  limitBytes: number;
  /**
   * Streams each file to the module instead of buffering it. The stream must be consumed;
   * the returned promise is awaited before readMultipart resolves.
   */
  onFile?: (file: MultipartFileInfo, stream: Readable) => Promise<void>;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: MultipartFile[];
}

function isJsonContentType(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Where a RequestBody records what was sent: a request-log entry, or a scratch object. */
export type BodyLogTarget = Pick<RequestLogEntry, 'requestBody'>;

export class RequestBody {
  private consumed = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly entry: BodyLogTarget,
  ) {}

  get wasConsumed(): boolean {
    return this.consumed;
  }

  /** The raw bytes, at most `limitBytes` (413 beyond). */
  raw(limitBytes: number): Promise<Buffer> {
    this.claim();
    const declared = Number(this.req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      this.discard(declared);
      return Promise.reject(new BodyTooLargeError(limitBytes));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      this.req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (tooLarge) return;
        if (size > limitBytes) {
          // Answer now; the rest of the body keeps flowing into this listener and is dropped.
          tooLarge = true;
          chunks.length = 0;
          reject(new BodyTooLargeError(limitBytes));
          return;
        }
        chunks.push(chunk);
      });
      this.req.on('end', () => {
        this.entry.requestBody = { bytes: size };
        if (!tooLarge) resolve(Buffer.concat(chunks));
      });
      this.req.on('aborted', () => reject(new ClientAbortedError()));
      this.req.on('error', () => reject(new ClientAbortedError()));
    });
  }

  /** A parsed JSON body: 400 `invalid_json` when empty or malformed, 413 beyond `limitBytes`. */
  async json(limitBytes: number): Promise<unknown> {
    const bytes = await this.raw(limitBytes);
    if (bytes.length === 0) throw new HttpError(400, 'invalid_json', 'The request body is empty; a JSON body is expected.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
    }
    this.entry.requestBody = summarizeJsonForLog(parsed);
    return parsed;
  }

  /** A multipart/form-data body; files are buffered unless `onFile` streams them. */
  multipart(options: MultipartOptions): Promise<MultipartResult> {
    this.claim();
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: this.req.headers });
    } catch {
      this.discard(0);
      return Promise.reject(new HttpError(400, 'invalid_multipart', 'Expected a multipart/form-data body with a boundary.'));
    }
    const files: MultipartFile[] = [];
    const fields: Record<string, string> = {};
    const tasks: Promise<void>[] = [];
    let total = 0;
    const logParts = (): void => {
      const parts: MultipartPartSummary[] = files.map(({ name, filename, contentType, size }) => ({ name, filename, contentType, size }));
      this.entry.requestBody = { multipart: parts };
    };

    return new Promise((resolve, reject) => {
      let failed = false;
      const fail = (error: unknown): void => {
        if (failed) return;
        failed = true;
        logParts();
        this.req.unpipe(parser);
        this.req.resume();
        reject(error);
      };
      parser.on('file', (name, stream, info) => {
        const file: MultipartFile = { name, filename: info.filename ?? '', contentType: info.mimeType, size: 0, data: null };
        files.push(file);
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            file.size += chunk.length;
            total += chunk.length;
            if (total > options.limitBytes) callback(new BodyTooLargeError(options.limitBytes));
            else callback(null, chunk);
          },
        });
        counter.on('error', (error) => {
          stream.resume();
          fail(error);
        });
        stream.pipe(counter);
        const { name: field, filename, contentType } = file;
        const task = options.onFile
          ? options.onFile({ name: field, filename, contentType }, counter)
          : collect(counter).then((data) => {
              file.data = data;
            });
        tasks.push(task.catch(fail));
      });
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('error', (error) => fail(new HttpError(400, 'invalid_multipart', `Malformed multipart body: ${(error as Error).message}`)));
      parser.on('close', () => {
        void Promise.all(tasks).then(() => {
          if (failed) return;
          logParts();
          resolve({ fields, files });
        });
      });
      this.req.on('aborted', () => fail(new ClientAbortedError()));
      this.req.pipe(parser);
    });
  }

  /**
   * Reads what nobody read, for the log: small JSON bodies are parsed, anything else is counted.
   * Resolves when the request has been fully received.
   */
  drain(): Promise<void> {
    if (this.consumed) return Promise.resolve();
    this.consumed = true;
    const keepJson = isJsonContentType(this.req);
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      this.req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (keepJson && size <= MAX_DRAIN_PARSE_BYTES) chunks.push(chunk);
      });
      this.req.on('end', () => {
        this.entry.requestBody = { bytes: size };
        if (keepJson && size > 0 && size <= MAX_DRAIN_PARSE_BYTES) {
          try {
            this.entry.requestBody = summarizeJsonForLog(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            // Not JSON after all: the byte count stays.
          }
        }
        resolve();
      });
      this.req.on('close', () => resolve());
      this.req.resume();
    });
  }

  /** Marks the body as never to be read (socket reset before processing). */
  abandon(): void {
    this.consumed = true;
    const declared = Number(this.req.headers['content-length']);
    this.entry.requestBody = { bytes: Number.isFinite(declared) ? declared : 0 };
  }

  private claim(): void {
    if (this.consumed) throw new Error('The request body was already read (read it once per request).');
    this.consumed = true;
  }

  /** Drops a body we refuse without reading, keeping only its size for the log. */
  private discard(declared: number): void {
    this.entry.requestBody = { bytes: declared };
    this.req.resume();
  }
}
