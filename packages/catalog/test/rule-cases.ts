import { expect } from 'vitest';
import type { TCompiledChannel, TLayerValues, TProduct, TSeverity, TValidationContext } from '../src/index';
import { validateProduct } from '../src/index';
import { CONTEXT, product, validSource } from './fixtures';

// Table-driven attribute rule tests: each case patches the valid product and names the issue it must (or
// must not) produce. Every rule gets a failing case and a passing case.

export interface TRuleCase {
  /** What the case shows. */
  name: string;
  patch?: TLayerValues;
  /** Changes the product itself (variants, ids). */
  product?: (p: TProduct) => TProduct;
  context?: TValidationContext;
  /** The issue expected; omit for a passing case. */
  code?: string;
  attribute?: string;
  severity?: TSeverity;
  /** For a passing case: this code must not appear (default: no issue at all). */
  absent?: string;
}

export const runCase = (channel: TCompiledChannel, c: TRuleCase): void => {
  let p = product({ ...validSource(), ...c.patch });
  if (c.product) p = c.product(p);
  const issues = validateProduct(channel, p, { ...CONTEXT, ...c.context }).flatMap((r) => r.issues);
  if (c.code) {
    const found = issues.find(
      (i) => i.code === c.code && (c.attribute === undefined || i.attribute === c.attribute),
    );
    expect(
      found,
      `${c.name}: expected ${c.code} on ${c.attribute ?? 'any attribute'}, got ${JSON.stringify(issues)}`,
    ).toBeDefined();
    if (c.severity) expect(found?.severity, c.name).toBe(c.severity);
    // Every message tells the merchant what to do.
    expect(found?.message.length ?? 0).toBeGreaterThan(20);
  } else if (c.absent) {
    expect(
      issues.filter((i) => i.code === c.absent),
      c.name,
    ).toEqual([]);
  } else {
    expect(issues, c.name).toEqual([]);
  }
};
