import type { TCompiledChannel } from './engine';
import { GOOGLE } from './google';
import { META } from './meta';
import { MICROSOFT, MICROSOFT_LANGUAGES } from './microsoft';
import type { TChannel, TIssue, TValidationContext } from './types';

export const CHANNELS: Readonly<Record<TChannel, TCompiledChannel>> = {
  google: GOOGLE,
  microsoft: MICROSOFT,
  meta: META,
};

/** Microsoft's Content API target countries (reference "fixed list"; Microsoft's products page). */
export const MICROSOFT_COUNTRIES = ['AU', 'CA', 'DE', 'FR', 'GB', 'IN', 'US'] as const;

/**
 * Problems with the target itself (not with any item): reported once per feed, not once per product.
 * The layer is `source` because the shop's settings are where it is fixed.
 */
export const validateTarget = (channel: TChannel, ctx: TValidationContext): TIssue[] => {
  const issues: TIssue[] = [];
  const lang = ctx.contentLanguage?.toLowerCase();
  const country = ctx.targetCountry?.toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country)) {
    issues.push({
      code: 'invalid_target_country',
      severity: 'error',
      attribute: 'target_country',
      message:
        "The target market has no valid country. Pick a country in the channel's target market settings.",
      layer: 'source',
    });
  }
  if (!lang || !/^[a-z]{2}$/.test(lang)) {
    issues.push({
      code: 'invalid_content_language',
      severity: 'error',
      attribute: 'content_language',
      message:
        'The target market has no valid language. Pick a two-letter language (for example en) in the target market settings.',
      layer: 'source',
    });
  }
  if (channel === 'microsoft') {
    if (lang && !(MICROSOFT_LANGUAGES as readonly string[]).includes(lang)) {
      issues.push({
        code: 'unsupported_content_language',
        severity: 'error',
        attribute: 'content_language',
        message: `Microsoft Merchant Center does not accept the language "${lang}". Use one of: ${MICROSOFT_LANGUAGES.join(', ')}.`,
        layer: 'source',
      });
    }
    if (country && !(MICROSOFT_COUNTRIES as readonly string[]).includes(country)) {
      issues.push({
        code: 'unsupported_target_country',
        severity: 'warning',
        attribute: 'target_country',
        message: `Microsoft's documented target countries are ${MICROSOFT_COUNTRIES.join(', ')}; ${country} may be refused. Check your Microsoft Merchant Center store's market.`,
        layer: 'source',
      });
    }
  }
  return issues;
};

export { GOOGLE, META, MICROSOFT };
