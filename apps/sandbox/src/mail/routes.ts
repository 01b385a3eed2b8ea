import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, linkify, renderPage } from '../lib/html';
import type { MailStore, TStoredMail } from './store';

const ZListQuerySchema = z.object({
  to: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

const ZDeleteQuerySchema = z.object({ to: z.string().trim().min(1).optional() });

const OTP_RE = /\b\d{6}\b/;

const otpOf = (mail: TStoredMail): string | undefined => (OTP_RE.exec(mail.subject) ?? OTP_RE.exec(mail.text))?.[0];

const timeOf = (iso: string): string => new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

const listPage = (mails: TStoredMail[], to: string | undefined): string => {
  const rows = mails
    .map((m) => {
      const otp = otpOf(m);
      return `<tr>
  <td>${escapeHtml(m.toText || m.to.join(', '))}</td>
  <td><a href="/mail/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
  <td>${otp ? `<code class="otp">${otp}</code>` : ''}</td>
  <td class="muted">${timeOf(m.receivedAt)}</td>
</tr>`;
    })
    .join('\n');
  const filter = to
    ? `<p>Showing mails to <strong>${escapeHtml(to)}</strong> · <a href="/mail">show all</a></p>`
    : '';
  return renderPage({
    title: 'Sandbox mail',
    refreshSeconds: 5,
    body: `<h1>Sandbox mail</h1>
<p class="muted">Every mail the system sends in development lands here (newest first; the page refreshes every 5 seconds).</p>
${filter}
<div class="card">${
      mails.length
        ? `<table><thead><tr><th>To</th><th>Subject</th><th>Code</th><th>Received</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p class="muted">No mail yet.</p>'
    }</div>`,
  });
};

const mailPage = (m: TStoredMail): string =>
  renderPage({
    title: m.subject || 'Mail',
    body: `<p><a href="/mail">← All mail</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<div class="card">
  <p class="muted">From: ${escapeHtml(m.from)}<br>To: ${escapeHtml(m.toText || m.to.join(', '))}<br>Date: ${timeOf(m.date)}</p>
  <pre>${linkify(m.text)}</pre>
</div>
${
  m.html
    ? `<details class="card"><summary>HTML version</summary>
<iframe title="HTML version" sandbox="allow-popups allow-popups-to-escape-sandbox" style="width:100%;height:480px;border:0" srcdoc="${escapeHtml(m.html)}"></iframe>
</details>`
    : ''
}`,
  });

export const registerMailRoutes = (app: FastifyInstance, store: MailStore): void => {
  app.get('/mail', async (req, reply) => {
    const query = ZListQuerySchema.parse(req.query);
    return reply.type('text/html; charset=utf-8').send(listPage(store.list({ to: query.to, limit: 200 }), query.to));
  });

  app.get<{ Params: { id: string } }>('/mail/:id', async (req, reply) => {
    const mail = store.get(req.params.id);
    if (!mail) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(renderPage({ title: 'Not found', body: '<p>No such mail. <a href="/mail">All mail</a></p>' }));
    }
    return reply.type('text/html; charset=utf-8').send(mailPage(mail));
  });

  // Polled by the e2e suite: quiet logs.
  app.get('/api/mails', { logLevel: 'warn' }, async (req, reply) => {
    const query = ZListQuerySchema.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'invalid_request', message: query.error.message });
    return store.list(query.data);
  });

  app.get<{ Params: { id: string } }>('/api/mails/:id', async (req, reply) => {
    const mail = store.get(req.params.id);
    return mail ?? reply.code(404).send({ error: 'not_found' });
  });

  app.delete('/api/mails', async (req, reply) => {
    const query = ZDeleteQuerySchema.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: 'invalid_request', message: query.error.message });
    return { deleted: await store.clear(query.data) };
  });
};
