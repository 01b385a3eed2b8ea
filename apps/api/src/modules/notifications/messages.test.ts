import { PRODUCT_STATE_LABELS } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_MSG as M } from './messages';

describe('notification texts', () => {
  it('name product states with the words of the product list and count in the right number', () => {
    expect(M.disapprovalDigest('google', 1, 1)).toEqual({
      title: '1 product was disapproved by Google',
      message:
        'Google disapproved 1 product in the last sync (1 product disapproved in all). Open the Disapproved tab to see what to fix.',
    });
    expect(M.disapprovalDigest('meta', 1200, undefined)).toEqual({
      title: '1,200 products were disapproved by Meta',
      message:
        'Meta disapproved 1,200 products in the last sync. Open the Disapproved tab to see what to fix.',
    });
    const { title, message } = M.disapprovalDigest('bing', 2, 5);
    expect(title).toContain(PRODUCT_STATE_LABELS.disapproved.toLowerCase());
    expect(message).toContain(`the ${PRODUCT_STATE_LABELS.disapproved} tab`);
  });
});
