import { randomUUID } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailStore, TStoredMail } from './store';

const MAX_MAIL_BYTES = 25 * 1024 * 1024;

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((a) => [a.address, ...(a.group ?? []).map((g) => g.address)])
    .filter((a): a is string => Boolean(a))
    .map((a) => a.toLowerCase());

const textOf = (field: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(field) ? field : field ? [field] : []).map((group) => group.text).join(', ');

/**
 * An SMTP catcher: accepts every mail from anyone (no auth, no TLS: it listens on loopback only) and
 * keeps it in the store.
 */
export const createSmtpCatcher = (store: MailStore, onError: (err: Error) => void): SMTPServer =>
  new SMTPServer({
    banner: 'Feedloom sandbox mail catcher',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    // Lingering pooled connections would otherwise hold a shutdown for 30 s.
    closeTimeout: 2000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
            return;
          }
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const to = [...new Set([...envelopeTo, ...addressesOf(parsed.to), ...addressesOf(parsed.cc)])];
          const now = new Date();
          const mail: TStoredMail = {
            id: randomUUID(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to,
            toText: textOf(parsed.to) || envelopeTo.join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html === false ? null : (parsed.html ?? null),
            date: (parsed.date ?? now).toISOString(),
            receivedAt: now.toISOString(),
          };
          await store.add(mail);
          callback();
        })
        .catch((err: unknown) => {
          const error = err instanceof Error ? err : new Error(String(err));
          onError(error);
          callback(error);
        });
    },
  });
