import { countText } from '@feedloom/validation';
/** What the data-source endpoints and the import job say. */
export const DATA_SOURCE_API_MSG = {
  notFound: 'Data source not found.',
  runNotFound: 'Import not found.',
  created: 'Data source created; the import has started.',
  fileReceived: 'File received; the import has started.',
  updated: 'Data source updated.',
  settingsUpdated: 'Product settings updated.',
  deleted: 'Data source deleted.',
  syncStarted: 'The import has started.',
  confirmed: 'Removal confirmed.',
  discarded: 'Import discarded; no product was removed.',
  notHeld: 'This import is not waiting for a confirmation.',
  alreadyRunning: 'An import of this data source is already running.',
  noFile: 'This data source has no file to import yet.',
  fieldsFirst: 'Send the form fields before the file.',
  oneFile: 'Send one file.',
  formUnreadable: 'The form could not be read.',
  fieldTooLong: 'A form field is too long.',
  notFileSource: 'Only a file data source takes a new file.',
  notUrlSource: 'Only a URL data source has a URL and a schedule.',
  noReport: 'This import rejected no row.',
  storeNotFound: 'Store not found.',
  mappingSaved: 'Column mapping saved. It applies from the next import.',
  mapping: {
    noImportYet: 'The mapping can be reviewed after the first import.',
    unknownColumn: (header: string) => `The column "${header}" was not in the last import.`,
    unknownTarget: (header: string) =>
      `Choose a product field for "${header}", keep it as a custom attribute, or ignore it.`,
    sameTarget: (label: string, first: string, second: string) =>
      `"${first}" and "${second}" are both mapped to ${label}. A product field takes one column: map one of them elsewhere.`,
  },
  succeeded: (imported: number, unchanged: number, rejected: number, removed: number) =>
    imported === 0 && removed === 0
      ? `Nothing changed: ${countText(unchanged, 'product')} ${unchanged === 1 ? 'is' : 'are'} as ${unchanged === 1 ? 'it was' : 'they were'}${rejected ? `, ${countText(rejected, 'row')} rejected` : ''}.`
      : `${countText(imported, 'product')} imported or updated, ${unchanged} unchanged, ${removed} removed${rejected ? `, ${countText(rejected, 'row')} rejected` : ''}.`,
  held: (n: number, total: number, threshold: number) =>
    `This import would remove ${n} of the store's ${countText(total, 'product')} (more than ${Math.round(threshold * 100)} %). ` +
    'Confirm to remove them, or discard to keep them.',
  failed: (reason: string) => `The import failed: ${reason}`,
  /** A row whose offer id another data source of the shop brought first (it keeps the product). */
  offerClaimed: (offerId: string, owner: string) =>
    `Offer id ${offerId} already belongs to data source ${owner}: the data source that brought it first keeps it, so this row is not imported.`,
  /** The same, as the product's detail shows it. */
  offerAlsoIn: (offerId: string, other: string, owner: string) =>
    `Data source ${other} also has offer id ${offerId}. It is not imported from there: data source ${owner} brought it first and keeps it.`,
  emptyFile: 'The file is empty.',
  noRows: 'The file has a header row but no product rows. Nothing was imported or removed.',
  /** A run whose every attempt crashed (the worker logs the error itself). */
  crashed: 'An unexpected error stopped it. Try again, or contact support if it happens again.',
  /** A run whose worker stopped (restarted, killed or out of memory) at each of its attempts. */
  stopped:
    'It stopped unexpectedly each time it was resumed (the process running it was stopped) and was not resumed again. What it imported is kept, each product once: run it again to finish it.',
  fetchFailed: {
    scheme: 'Only http and https URLs can be fetched.',
    privateAddress: 'This URL points to a private or local address, which cannot be fetched.',
    timeout: 'The download took too long and was stopped.',
    tooLarge: 'The file is larger than 20MB.',
    redirects: (max: number) => `The server redirected more than ${max} times.`,
    status: (code: number) => `The server answered with HTTP status ${code}.`,
    network: (reason: string) => `The file could not be downloaded: ${reason}`,
  },
} as const;
