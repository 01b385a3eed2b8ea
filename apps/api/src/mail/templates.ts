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

/** To the owner of an address someone tried to sign up with again: the sign-up answers as for a new one. */
export const signupExistingMail = (to: string): TMail => ({
  to,
  subject: 'Someone tried to sign up to Feedloom with your address',
  text:
    `Someone tried to sign up to Feedloom with this email address, which already has an account.\n\n` +
    `If it was you, sign in with your password, or reset your password from the sign-in page if you forgot it. ` +
    `If it was not you, you can ignore this email: your account has not changed.\n`,
  html: layout(
    'You already have an account',
    `<p>Someone tried to sign up to Feedloom with this email address, which already has an account.</p>` +
      `<p>If it was you, sign in with your password, or reset your password from the sign-in page if you forgot it.</p>` +
      `<p>If it was not you, you can ignore this email: your account has not changed.</p>`,
  ),
});

export const resetPasswordMail = (to: string, link: string, ttlMinutes: number): TMail => ({
  to,
  subject: 'Reset your Feedloom password',
  text:
    `Someone asked to reset the password of your Feedloom account.\n\n` +
    `Choose a new password here: ${link}\n\n` +
    `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.\n`,
  html: layout(
    'Reset your password',
    `<p>Someone asked to reset the password of your Feedloom account.</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#195279;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Reset Password</a></p>` +
      `<p style="word-break:break-all;color:#6b7280;font-size:13px">${escapeHtml(link)}</p>` +
      `<p>The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.</p>`,
  ),
});

export const invitationMail = (
  to: string,
  invite: { businessName: string; roleName: string; inviterName: string; link: string; validDays?: number },
): TMail => ({
  to,
  subject: `You are invited to join ${invite.businessName} on Feedloom`,
  text:
    `${invite.inviterName} invited you to join ${invite.businessName} on Feedloom as ${invite.roleName}.\n\n` +
    `Accept the invitation here: ${invite.link}\n\n` +
    (invite.validDays ? `The link works for ${invite.validDays} days.\n\n` : '') +
    `If you do not have a Feedloom account yet, you can create one from the link with this email address.\n`,
  html: layout(
    `Join ${invite.businessName} on Feedloom`,
    `<p>${escapeHtml(invite.inviterName)} invited you to join <strong>${escapeHtml(invite.businessName)}</strong> as ${escapeHtml(invite.roleName)}.</p>` +
      `<p><a href="${escapeHtml(invite.link)}" style="display:inline-block;background:#195279;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Accept Invite</a></p>` +
      `<p style="word-break:break-all;color:#6b7280;font-size:13px">${escapeHtml(invite.link)}</p>` +
      (invite.validDays ? `<p>The link works for ${invite.validDays} days.</p>` : '') +
      `<p>If you do not have a Feedloom account yet, you can create one from the link with this email address.</p>`,
  ),
});

/** What an import notification tells: the run's outcome, its counts and where to look. */
export interface TImportMailRun {
  status: 'succeeded' | 'failed' | 'held';
  message: string | null;
  rows_read: number;
  rows_imported: number;
  rows_unchanged: number;
  rows_rejected: number;
  rows_removed: number;
  trigger: 'manual' | 'schedule';
}

const IMPORT_SUBJECT = {
  succeeded: (name: string) => `Import finished: ${name}`,
  failed: (name: string) => `Import failed: ${name}`,
  held: (name: string) => `Import waiting for your confirmation: ${name}`,
} as const;

const IMPORT_TITLE = {
  succeeded: 'Your import has finished',
  failed: 'Your import failed',
  held: 'Your import needs a confirmation',
} as const;

export const importRunMail = (
  to: string,
  info: { sourceName: string; shopName: string; run: TImportMailRun; link: string },
): TMail => {
  const { run } = info;
  const how = run.trigger === 'schedule' ? 'scheduled import' : 'import';
  const intro = `The ${how} of the data source "${info.sourceName}" (store ${info.shopName}) has ${
    run.status === 'succeeded'
      ? 'finished'
      : run.status === 'failed'
        ? 'failed'
        : 'stopped before removing products'
  }.`;
  const counts: [string, number][] = [
    ['Rows read', run.rows_read],
    ['Products imported or updated', run.rows_imported],
    ['Unchanged', run.rows_unchanged],
    ['Rows rejected', run.rows_rejected],
    ['Products removed', run.rows_removed],
  ];
  const countsText = run.status === 'failed' ? '' : counts.map(([k, v]) => `${k}: ${v}`).join('\n') + '\n\n';
  const countsHtml =
    run.status === 'failed'
      ? ''
      : `<table style="border-collapse:collapse;margin:12px 0">${counts
          .map(
            ([k, v]) =>
              `<tr><td style="padding:2px 16px 2px 0;color:#6b7280">${escapeHtml(k)}</td><td style="padding:2px 0"><strong>${v}</strong></td></tr>`,
          )
          .join('')}</table>`;
  const message = run.message ?? '';
  return {
    to,
    subject: IMPORT_SUBJECT[run.status](info.sourceName),
    text:
      `${intro}\n\n${message ? `${message}\n\n` : ''}${countsText}` +
      `See the import history and its report here: ${info.link}\n`,
    html: layout(
      IMPORT_TITLE[run.status],
      `<p>${escapeHtml(intro)}</p>` +
        (message ? `<p>${escapeHtml(message)}</p>` : '') +
        countsHtml +
        `<p><a href="${escapeHtml(info.link)}" style="display:inline-block;background:#195279;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">View Data Source</a></p>` +
        `<p style="word-break:break-all;color:#6b7280;font-size:13px">${escapeHtml(info.link)}</p>`,
    ),
  };
};

/** A notification by mail: what happened to the store and, when there is one, where to act. */
export const notificationMail = (
  to: string,
  n: { shopName: string; title: string; message: string; link: string | null; urgent: boolean },
): TMail => ({
  to,
  subject: `${n.urgent ? 'Action needed: ' : ''}${n.title} (${n.shopName})`,
  text: `${n.title}\n\n${n.message}\n\n` + (n.link ? `Open it in Feedloom: ${n.link}\n` : ''),
  html: layout(
    n.title,
    `<p>${escapeHtml(n.message)}</p>` +
      (n.link
        ? `<p><a href="${escapeHtml(n.link)}" style="display:inline-block;background:#195279;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open in Feedloom</a></p>`
        : '') +
      `<p style="color:#6b7280;font-size:13px">Store: ${escapeHtml(n.shopName)}</p>`,
  ),
});
