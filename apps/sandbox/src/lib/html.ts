// Tiny server-rendered pages: the sandbox has a handful of screens, a template engine would be more code.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes text and turns every http(s) URL in it into a link (trailing punctuation stays outside). */
export const linkify = (text: string): string =>
  escapeHtml(text).replace(URL_RE, (match) => {
    const url = match.replace(/[.,;:!?)\]]+$/, '');
    const rest = match.slice(url.length);
    return `<a href="${url}">${url}</a>${rest}`;
  });

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f5f6f8; color: #1f2328; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.4rem; margin: 0 0 16px; }
  .card { background: #fff; border: 1px solid #d8dce1; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
  .muted { color: #656d76; font-size: .875rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px 6px; border-bottom: 1px solid #eaecef; vertical-align: top; }
  th { font-size: .8rem; text-transform: uppercase; color: #656d76; }
  a { color: #0b63ce; }
  pre { white-space: pre-wrap; word-break: break-word; font: .95rem/1.5 ui-monospace, monospace; margin: 0; }
  code.otp { font-size: 1.05rem; font-weight: 700; letter-spacing: .08em; }
  label { display: block; margin: 6px 0; }
  input[type=email], input[type=text] { width: 100%; max-width: 360px; padding: 8px; border: 1px solid #c4c9d0; border-radius: 6px; }
  button { padding: 8px 18px; border-radius: 6px; border: 1px solid #c4c9d0; background: #fff; cursor: pointer; font-size: .95rem; }
  button.primary { background: #0b63ce; border-color: #0b63ce; color: #fff; }
  .actions { display: flex; gap: 8px; margin-top: 16px; }
  .error { color: #b42318; }
  fieldset { border: 0; padding: 0; margin: 0 0 12px; }
  legend { font-weight: 600; margin-bottom: 6px; }
`;

export const renderPage = (opts: { title: string; body: string; refreshSeconds?: number }): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : ''}
<title>${escapeHtml(opts.title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${opts.body}
</main></body>
</html>`;
