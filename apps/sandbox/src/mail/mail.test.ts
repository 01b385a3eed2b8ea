import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import type { TStoredMail } from './store';

type TRunning = Awaited<ReturnType<typeof startSandbox>>;

let dataDir: string;
let sandbox: TRunning | undefined;

const start = async () => {
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent' });
  return sandbox;
};

const send = (smtpPort: number, mail: nodemailer.SendMailOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false }).sendMail({
    from: 'Feedloom <no-reply@feedloom.test>',
    ...mail,
  });

const mailsTo = async (url: string, to: string, limit?: number): Promise<TStoredMail[]> => {
  const q = new URLSearchParams({ to, ...(limit ? { limit: String(limit) } : {}) });
  const res = await fetch(`${url}/api/mails?${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TStoredMail[];
};

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-mail-'));
});

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail catcher', () => {
  it('captures a mail sent over SMTP and serves it newest first, filtered by recipient', async () => {
    const { url, smtpPort } = await start();
    await send(smtpPort, { to: 'Pat <Pat.Doe@Example.com>', subject: 'Your code 123456', text: 'Code: 123456\nOpen http://127.0.0.1:3000/x?a=1&b=2.' });
    await send(smtpPort, {
      to: 'pat.doe@example.com',
      subject: 'Second',
      text: 'Hello again',
      html: '<p>Hello <b>again</b></p>',
    });
    await send(smtpPort, { to: 'someone.else@example.com', subject: 'Not for Pat', text: 'x' });

    const mails = await mailsTo(url, 'PAT.DOE@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'Your code 123456']);
    const [second, first] = mails;
    expect(second).toMatchObject({
      from: expect.stringMatching(/Feedloom"? <no-reply@feedloom\.test>$/),
      to: ['pat.doe@example.com'],
      html: '<p>Hello <b>again</b></p>',
    });
    expect(second!.text.trim()).toBe('Hello again');
    expect(first!.toText).toContain('<Pat.Doe@');
    expect(first!.text).toContain('Code: 123456');
    expect(Number.isNaN(Date.parse(first!.date))).toBe(false);

    expect(await mailsTo(url, 'pat.doe@example.com', 1)).toHaveLength(1);
    const all = (await (await fetch(`${url}/api/mails`)).json()) as TStoredMail[];
    expect(all).toHaveLength(3);
    expect(all[0]!.subject).toBe('Not for Pat');
  });

  it('counts Bcc recipients (from the envelope) as addressees', async () => {
    const { url, smtpPort } = await start();
    await send(smtpPort, { to: 'a@example.com', bcc: 'hidden@example.com', subject: 'Bcc', text: 'x' });
    expect(await mailsTo(url, 'hidden@example.com')).toHaveLength(1);
  });

  it('keeps mails across a restart and forgets them on DELETE', async () => {
    const first = await start();
    await send(first.smtpPort, { to: 'keep@example.com', subject: 'Kept', text: 'x' });
    await first.close();
    const lines = (await readFile(path.join(dataDir, 'sandbox', 'mails.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);

    const second = await start();
    expect((await mailsTo(second.url, 'keep@example.com')).map((m) => m.subject)).toEqual(['Kept']);

    const res = await fetch(`${second.url}/api/mails`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ deleted: 1 });
    expect(await mailsTo(second.url, 'keep@example.com')).toEqual([]);
    await second.close();
    sandbox = await start();
    expect(await mailsTo(sandbox.url, 'keep@example.com')).toEqual([]);
  });

  it('shows the mails on an HTML page with the code and clickable links', async () => {
    const { url, smtpPort } = await start();
    await send(smtpPort, {
      to: 'reader@example.com',
      subject: 'Verify your email',
      text: 'Your code is 654321. Or open https://app.example.test/verify?t=a&u=b',
    });
    const list = await (await fetch(`${url}/mail`)).text();
    expect(list).toContain('Verify your email');
    expect(list).toContain('<code class="otp">654321</code>');
    expect(list).toContain('http-equiv="refresh"');
    const [mail] = await mailsTo(url, 'reader@example.com');
    const page = await (await fetch(`${url}/mail/${mail!.id}`)).text();
    expect(page).toContain('<a href="https://app.example.test/verify?t=a&amp;u=b">');
  });

  it('rejects a bad limit', async () => {
    const { url } = await start();
    expect((await fetch(`${url}/api/mails?limit=0`)).status).toBe(400);
  });
});
