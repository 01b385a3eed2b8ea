// A multipart/form-data body as a browser sends one: text fields, then files.
import { randomBytes } from 'node:crypto';

export interface TFormFile {
  /** The form field; `file` unless given. */
  field?: string;
  /** The file name the browser sends. */
  name: string;
  /** Its content type; text/csv unless given. */
  type?: string;
  bytes: Buffer | string;
}

/** The body and content type of a form of `fields` and `files`. */
export const multipartForm = (fields: Record<string, string>, ...files: TFormFile[]) => {
  const boundary = `----feedloom${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};
