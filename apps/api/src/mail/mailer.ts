import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail leaves the process: SMTP in the app, an in-memory outbox in tests. */
export interface TMailTransport {
  deliver(mail: TMail & { from: string }): Promise<void>;
  close?(): void;
}

export interface TMailer {
  /**
   * Delivers now, so a code is in the inbox by the time the request returns; when SMTP is down the
   * mail is queued (`send-mail`) and retried by the worker instead of failing the request.
   */
  send(mail: TMail): Promise<void>;
  /** The worker's path: deliver or throw, so pg-boss retries. */
  deliverNow(mail: TMail): Promise<void>;
}

export const smtpTransport = (url: string): TMailTransport => {
  const transporter = nodemailer.createTransport(url, {
    // A dead SMTP server must not hold a request for nodemailer's two-minute defaults.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    deliver: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
};

export const createMailer = (opts: {
  transport: TMailTransport;
  from: string;
  log: FastifyBaseLogger;
  /** Queues a mail for retry; absent when no queue runs (some tests), then a failure is thrown. */
  enqueue?: (mail: TMail) => Promise<void>;
}): TMailer => {
  const deliverNow = (mail: TMail) => opts.transport.deliver({ ...mail, from: opts.from });
  return {
    deliverNow,
    send: async (mail) => {
      try {
        await deliverNow(mail);
      } catch (err) {
        if (!opts.enqueue) throw err;
        opts.log.warn({ err, subject: mail.subject }, 'mail delivery failed, queued for retry');
        await opts.enqueue(mail);
      }
    },
  };
};

/** Test transport: keeps every delivered mail. `failNext` makes deliveries throw, as a down SMTP would. */
export const memoryTransport = () => {
  const outbox: (TMail & { from: string })[] = [];
  let failures = 0;
  return {
    outbox,
    failNext(count = 1) {
      failures = count;
    },
    async deliver(mail: TMail & { from: string }) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP unavailable');
      }
      outbox.push(mail);
    },
  } satisfies TMailTransport & Record<string, unknown>;
};
