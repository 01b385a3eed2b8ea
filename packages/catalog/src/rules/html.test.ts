import { describe, expect, it } from 'vitest';
import { cleanText, normaliseMoney, normaliseOfferId } from './clean';
import { googleHtml, hasHtml, htmlToText } from './html';

describe('googleHtml', () => {
  it('keeps plain text and allowed tags as they are (the same string)', () => {
    for (const s of [
      'No markup',
      'Tea & cakes, 2 < 3 and 5 > 4',
      'I <3 tea',
      '<strong>Bold</strong><br>',
      'a <',
    ])
      expect(googleHtml(s)).toBe(s);
  });

  it('drops attributes, unknown tags, comments, scripts and styles; closed paragraphs become line breaks', () => {
    expect(googleHtml('<P CLASS="x">One</P><p>Two</p>')).toBe('One<br>Two<br>');
    expect(googleHtml('<ul class="a"><li style="b">x</li></ul>')).toBe('<ul><li>x</li></ul>');
    expect(googleHtml('a<!-- hidden -->b<script type="t">alert(1)</script>c<style>p{}</style>d')).toBe(
      'abcd',
    );
    expect(googleHtml('Size & fit: <true> to size. <br/>')).toBe('Size & fit:  to size. <br>');
  });
});

describe('cleaning', () => {
  it('trims, strips control characters, keeps tabs and line breaks inside', () => {
    expect(cleanText('  a\u0000b\tc\nd  ')).toBe('ab\tc\nd');
    expect(cleanText('\u0007\u0085 ')).toBe('');
    expect(cleanText('ok 🧀')).toBe('ok 🧀');
    expect(cleanText(`${'x'.repeat(100)}\u0001`)).toBe('x'.repeat(100));
    expect(cleanText('\uFFFE')).toBe('');
    expect(cleanText('\uD800')).toBe('');
    // Inside a value that starts and ends visibly, control characters are left to the writers' escaping.
    expect(cleanText('a\u0000b')).toBe('a\u0000b');
  });

  it('normalises ids and currencies', () => {
    expect(normaliseOfferId(' A \t B ')).toBe('A B');
    expect(normaliseOfferId('A-1')).toBe('A-1');
    expect(normaliseMoney({ value: 1, currency: 'eur ' })).toEqual({ value: 1, currency: 'EUR' });
    const usd = { value: 1, currency: 'USD' };
    expect(normaliseMoney(usd)).toBe(usd);
  });

  it('tells HTML from text with angle brackets', () => {
    expect(hasHtml('<b>x</b>')).toBe(true);
    expect(hasHtml('R&amp;D')).toBe(true);
    expect(hasHtml('2 < 3 & 4')).toBe(false);
    expect(htmlToText('<p>A&amp;B</p><ul><li>x</li></ul>')).toBe('A&B\n- x');
  });
});
