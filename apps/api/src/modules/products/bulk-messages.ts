/** What the bulk customisation endpoints say. */
export const BULK_API_MSG = {
  draftNotFound: 'Draft not found.',
  runNotFound: 'Bulk customisation not found.',
  draftSaved: 'Draft saved.',
  draftDeleted: 'Draft deleted.',
  draftsDiscarded: 'Drafts discarded.',
  tooManyDrafts: (max: number) => `Keep at most ${max} drafts per store: apply or delete one first.`,
  applyQueued: 'Bulk customisation started.',
  nothingSelected: 'No product matches this selection.',
  productsOutsideStore: 'Some of the selected products are not in this store.',
  noRules: 'Choose at least one field before applying.',
  variantsUpdated: 'Variants updated.',
  succeeded: (changed: number, total: number) =>
    `${changed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} products changed.`,
  failed: 'The bulk customisation stopped before the end; products done so far keep their changes.',
} as const;
