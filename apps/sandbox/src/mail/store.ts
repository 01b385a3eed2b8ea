import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const ZStoredMailSchema = z.object({
  id: z.string(),
  /** The From header as written, e.g. `Feedloom <no-reply@feedloom.test>`. */
  from: z.string(),
  /** Every recipient address (envelope and To/Cc headers), lower-cased. */
  to: z.array(z.string()),
  /** The To header as written. */
  toText: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** The Date header (or the receipt time when absent), ISO 8601. */
  date: z.string(),
  receivedAt: z.string(),
});
export type TStoredMail = z.infer<typeof ZStoredMailSchema>;

/** Only the newest mails stay in memory; the file keeps all of them. */
const MEMORY_LIMIT = 5000;

/**
 * Captured mails, oldest first in memory, one JSON line per mail on disk so a restart keeps them.
 * Writes are chained so the file keeps arrival order.
 */
export class MailStore {
  private mails: TStoredMail[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  async load(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    let content = '';
    try {
      content = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const mails: TStoredMail[] = [];
    for (const line of content.split('\n')) {
      if (!line.trim()) continue;
      try {
        const parsed = ZStoredMailSchema.safeParse(JSON.parse(line));
        // A torn last line (killed mid-write) or an old shape is skipped rather than fatal.
        if (parsed.success) mails.push(parsed.data);
      } catch {
        /* not JSON: skipped */
      }
    }
    this.mails = mails.slice(-MEMORY_LIMIT);
  }

  add(mail: TStoredMail): Promise<void> {
    this.mails.push(mail);
    if (this.mails.length > MEMORY_LIMIT) this.mails.splice(0, this.mails.length - MEMORY_LIMIT);
    return this.enqueue(() => appendFile(this.file, JSON.stringify(mail) + '\n'));
  }

  /** Newest first, optionally only mails addressed to `to`. */
  list(opts: { to?: string; limit?: number } = {}): TStoredMail[] {
    const to = opts.to?.trim().toLowerCase();
    const out: TStoredMail[] = [];
    for (let i = this.mails.length - 1; i >= 0 && out.length < (opts.limit ?? Infinity); i--) {
      const mail = this.mails[i]!;
      if (!to || mail.to.includes(to)) out.push(mail);
    }
    return out;
  }

  get(id: string): TStoredMail | undefined {
    return this.mails.find((m) => m.id === id);
  }

  /**
   * Deletes every mail, or only those addressed to `to`; returns how many went. The file is rewritten
   * from memory, so mails beyond the memory limit go too.
   */
  async clear(opts: { to?: string } = {}): Promise<number> {
    const to = opts.to?.trim().toLowerCase();
    const before = this.mails.length;
    this.mails = to ? this.mails.filter((m) => !m.to.includes(to)) : [];
    const kept = this.mails;
    await this.enqueue(() => writeFile(this.file, kept.map((m) => JSON.stringify(m) + '\n').join('')));
    return before - this.mails.length;
  }

  /** Resolves once every write so far is on disk. */
  flush(): Promise<void> {
    return this.writes;
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(write, write);
    return this.writes;
  }
}
