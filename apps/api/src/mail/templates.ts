import type { TMail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">` +
  `<h2 style="color:#195279;margin-top:0">${escapeHtml(title)}</h2>${body}` +
  `<p style="color:#6b7280;font-size:12px;margin-top:32px">Feedloom</p></body></html>`;

export const otpMail = (to: string, code: string, ttlMinutes: number): TMail => ({
  to,
  subject: 'Your Feedloom verification code',
  text:
    `Your Feedloom verification code is ${code}\n\n` +
    `It expires in ${ttlMinutes} minutes. If you did not sign up for Feedloom, you can ignore this email.\n`,
  html: layout(
    'Verify your email address',
    `<p>Your Feedloom verification code is <strong style="font-size:20px;letter-spacing:4px">${escapeHtml(code)}</strong></p>` +
      `<p>It expires in ${ttlMinutes} minutes. If you did not sign up for Feedloom, you can ignore this email.</p>`,
  ),
});
